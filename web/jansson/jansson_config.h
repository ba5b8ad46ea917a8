/* jansson's configuration for the WebAssembly build (web/CMakeLists.txt),
 * written here rather than probed by jansson's CMake files, whose type checks
 * cannot run under emscripten's toolchain. wasm32 with emscripten's libc:
 * long long, localeconv and the __atomic builtins are all there. */
#ifndef JANSSON_CONFIG_H
#define JANSSON_CONFIG_H

#define JSON_INLINE inline
#define JSON_INTEGER_IS_LONG_LONG 1
#define JSON_HAVE_LOCALECONV 1
#define JSON_HAVE_ATOMIC_BUILTINS 1
#define JSON_HAVE_SYNC_BUILTINS 1
#define JSON_PARSER_MAX_DEPTH 2048

#endif
