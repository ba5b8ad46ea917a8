// The cairo calls of web/shim/cairo.h carried out on an HTML canvas's 2D
// context (an emscripten --js-library). The two APIs share their model: a
// current path built by move/line/arc/rectangle/close, consumed by fill,
// stroke and clip (cairo's *_preserve keep it; the canvas always keeps it, so
// the plain calls begin a new path afterwards), a state stack, dashes and
// line widths in user units at stroke time. What the canvas lacks is kept
// here: the fill rule, the font (family, weight, size in user units) and
// cairo_new_sub_path. Text is drawn and measured at its size in device
// pixels, so tiny user units (a cell is 1) render crisply.
//
// A cairo_t is a number: Module.plwRegisterContext(ctx2d) gives one for a
// canvas; cairo_create gives one for a scratch OffscreenCanvas (measuring).
var LibraryCairoCanvas = {
  $PLC__postset: 'Module["plwRegisterContext"] = function (ctx) { var id = PLC.add(ctx); ' +
                 'PLC.table[id].registered = true; return id; };',
  $PLC: {
    next: 1,
    table: {},
    add: function (ctx) {
      var id = PLC.next++;
      PLC.table[id] = {ctx: ctx, rule: 'nonzero', family: 'sans-serif', weight: 'normal', size: 10,
                       subpath: false, x: 0, y: 0, stack: []};
      return id;
    },
    get: function (cr) {
      var c = PLC.table[cr];
      if (!c) throw new Error('cairo_canvas: no context ' + cr);
      return c;
    },
    font: function (c, px) {
      return c.weight + ' ' + px + 'px ' + c.family;
    },
    measurer: null,
    measure: function (c, text) {
      if (!PLC.measurer) {
        var canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(4, 4) : document.createElement('canvas');
        PLC.measurer = canvas.getContext('2d');
      }
      PLC.measurer.font = PLC.font(c, 100);
      return PLC.measurer.measureText(text);
    },
    colour: function (r, g, b, a) {
      function v(x) { return Math.round(Math.max(0, Math.min(1, x)) * 255); }
      return 'rgba(' + v(r) + ',' + v(g) + ',' + v(b) + ',' + a + ')';
    },
  },

  cairo_image_surface_create__deps: ['$PLC'],
  cairo_image_surface_create: function (format, width, height) {
    return PLC.add(null); // scratch: only used to measure text
  },
  cairo_surface_destroy: function (s) {},
  cairo_create__deps: ['$PLC'],
  cairo_create: function (surface) {
    var canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(4, 4) : document.createElement('canvas');
    return PLC.add(canvas.getContext('2d'));
  },
  cairo_destroy__deps: ['$PLC'],
  cairo_destroy: function (cr) {
    if (PLC.table[cr] && !PLC.table[cr].registered) delete PLC.table[cr];
  },
  cairo_debug_reset_static_data: function () {}, // nothing is cached here

  cairo_save__deps: ['$PLC'],
  cairo_save: function (cr) {
    var c = PLC.get(cr);
    c.stack.push({rule: c.rule, family: c.family, weight: c.weight, size: c.size});
    c.ctx.save();
  },
  cairo_restore__deps: ['$PLC'],
  cairo_restore: function (cr) {
    var c = PLC.get(cr), s = c.stack.pop();
    if (s) { c.rule = s.rule; c.family = s.family; c.weight = s.weight; c.size = s.size; }
    c.ctx.restore();
  },
  cairo_translate__deps: ['$PLC'],
  cairo_translate: function (cr, x, y) { PLC.get(cr).ctx.translate(x, y); },
  cairo_scale__deps: ['$PLC'],
  cairo_scale: function (cr, x, y) { PLC.get(cr).ctx.scale(x, y); },

  cairo_set_source_rgb__deps: ['$PLC'],
  cairo_set_source_rgb: function (cr, r, g, b) {
    var ctx = PLC.get(cr).ctx;
    ctx.fillStyle = ctx.strokeStyle = PLC.colour(r, g, b, 1);
  },
  cairo_set_source_rgba__deps: ['$PLC'],
  cairo_set_source_rgba: function (cr, r, g, b, a) {
    var ctx = PLC.get(cr).ctx;
    ctx.fillStyle = ctx.strokeStyle = PLC.colour(r, g, b, a);
  },
  cairo_set_line_width__deps: ['$PLC'],
  cairo_set_line_width: function (cr, w) { PLC.get(cr).ctx.lineWidth = w; },
  cairo_set_line_cap__deps: ['$PLC'],
  cairo_set_line_cap: function (cr, cap) { PLC.get(cr).ctx.lineCap = ['butt', 'round', 'square'][cap]; },
  cairo_set_line_join__deps: ['$PLC'],
  cairo_set_line_join: function (cr, join) { PLC.get(cr).ctx.lineJoin = ['miter', 'round', 'bevel'][join]; },
  cairo_set_dash__deps: ['$PLC'],
  cairo_set_dash: function (cr, dashes, n, offset) {
    var ctx = PLC.get(cr).ctx, d = [];
    for (var i = 0; i < n; i++) d.push(HEAPF64[(dashes >> 3) + i]);
    ctx.setLineDash(d);
    ctx.lineDashOffset = offset;
  },
  cairo_set_fill_rule__deps: ['$PLC'],
  cairo_set_fill_rule: function (cr, rule) { PLC.get(cr).rule = rule === 1 ? 'evenodd' : 'nonzero'; },

  cairo_new_path__deps: ['$PLC'],
  cairo_new_path: function (cr) {
    var c = PLC.get(cr);
    c.ctx.beginPath();
    c.subpath = false;
  },
  cairo_new_sub_path__deps: ['$PLC'],
  cairo_new_sub_path: function (cr) { PLC.get(cr).subpath = true; },
  cairo_move_to__deps: ['$PLC'],
  cairo_move_to: function (cr, x, y) {
    var c = PLC.get(cr);
    c.ctx.moveTo(x, y);
    c.subpath = false;
    c.x = x;
    c.y = y;
  },
  cairo_line_to__deps: ['$PLC'],
  cairo_line_to: function (cr, x, y) {
    var c = PLC.get(cr);
    c.ctx.lineTo(x, y);
    c.x = x;
    c.y = y;
  },
  cairo_arc__deps: ['$PLC'],
  cairo_arc: function (cr, xc, yc, r, a1, a2) {
    var c = PLC.get(cr);
    while (a2 < a1) a2 += 2 * Math.PI; // cairo's rule
    if (c.subpath) { // no line from the previous point
      c.ctx.moveTo(xc + r * Math.cos(a1), yc + r * Math.sin(a1));
      c.subpath = false;
    }
    c.ctx.arc(xc, yc, r, a1, a2, false);
    c.x = xc + r * Math.cos(a2);
    c.y = yc + r * Math.sin(a2);
  },
  cairo_rectangle__deps: ['$PLC'],
  cairo_rectangle: function (cr, x, y, w, h) {
    var c = PLC.get(cr);
    c.ctx.rect(x, y, w, h);
    c.x = x;
    c.y = y;
  },
  cairo_close_path__deps: ['$PLC'],
  cairo_close_path: function (cr) { PLC.get(cr).ctx.closePath(); },

  cairo_paint__deps: ['$PLC'],
  cairo_paint: function (cr) {
    var ctx = PLC.get(cr).ctx;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ctx.restore();
  },
  cairo_fill__deps: ['$PLC'],
  cairo_fill: function (cr) {
    var c = PLC.get(cr);
    c.ctx.fill(c.rule);
    c.ctx.beginPath();
  },
  cairo_fill_preserve__deps: ['$PLC'],
  cairo_fill_preserve: function (cr) {
    var c = PLC.get(cr);
    c.ctx.fill(c.rule);
  },
  cairo_stroke__deps: ['$PLC'],
  cairo_stroke: function (cr) {
    var c = PLC.get(cr);
    c.ctx.stroke();
    c.ctx.beginPath();
  },
  cairo_stroke_preserve__deps: ['$PLC'],
  cairo_stroke_preserve: function (cr) { PLC.get(cr).ctx.stroke(); },
  cairo_clip__deps: ['$PLC'],
  cairo_clip: function (cr) {
    var c = PLC.get(cr);
    c.ctx.clip(c.rule);
    c.ctx.beginPath();
  },

  cairo_select_font_face__deps: ['$PLC'],
  cairo_select_font_face: function (cr, family, slant, weight) {
    var c = PLC.get(cr);
    c.family = UTF8ToString(family);
    c.weight = weight === 1 ? 'bold' : 'normal';
  },
  cairo_set_font_size__deps: ['$PLC'],
  cairo_set_font_size: function (cr, size) { PLC.get(cr).size = size; },
  cairo_text_extents__deps: ['$PLC'],
  cairo_text_extents: function (cr, text, e) {
    var c = PLC.get(cr), m = PLC.measure(c, UTF8ToString(text)), k = c.size / 100;
    var l = m.actualBoundingBoxLeft, r = m.actualBoundingBoxRight;
    var a = m.actualBoundingBoxAscent, d = m.actualBoundingBoxDescent;
    var v = [-l * k, -a * k, (l + r) * k, (a + d) * k, m.width * k, 0];
    for (var i = 0; i < 6; i++) HEAPF64[(e >> 3) + i] = v[i];
  },
  cairo_font_extents__deps: ['$PLC'],
  cairo_font_extents: function (cr, e) {
    var c = PLC.get(cr), m = PLC.measure(c, 'Mg'), k = c.size / 100;
    var a = m.fontBoundingBoxAscent || m.actualBoundingBoxAscent, d = m.fontBoundingBoxDescent || m.actualBoundingBoxDescent;
    var v = [a * k, d * k, (a + d) * 1.15 * k, m.width * k, 0];
    for (var i = 0; i < 5; i++) HEAPF64[(e >> 3) + i] = v[i];
  },
  cairo_show_text__deps: ['$PLC'],
  cairo_show_text: function (cr, text) {
    var c = PLC.get(cr), ctx = c.ctx, t = UTF8ToString(text);
    var m = ctx.getTransform(), s = Math.sqrt(m.a * m.a + m.b * m.b);
    var x = m.a * c.x + m.c * c.y + m.e, y = m.b * c.x + m.d * c.y + m.f;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.font = PLC.font(c, c.size * s);
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(t, x, y);
    var w = ctx.measureText(t).width;
    ctx.restore();
    c.x += w / s;
  },

};

autoAddDeps(LibraryCairoCanvas, '$PLC');
mergeInto(LibraryManager.library, LibraryCairoCanvas);
