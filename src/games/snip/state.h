/* The replay state of the descriptor (game.c), shared with the pictures
 * (render.c); private to src/games/snip/. Holds no GEOS type: the picture
 * reads plain coordinates through snip.h. */
#ifndef PUZZLELAB_SNIP_STATE_H
#define PUZZLELAB_SNIP_STATE_H

#include "puzzlelab/snip.h"

typedef struct replay {
    const snip_level *l;
    snip_state *st;
    double tol; /* verify's --tolerance */
} replay;

/* render.c */
extern const pl_render_hooks snip_render_hooks;

#endif
