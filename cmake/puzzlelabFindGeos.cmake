# GEOS's C API (Debian libgeos-dev: geos_c.h, library geos_c) as the imported
# target PkgConfig::GEOS: from pkg-config's geos.pc when there is one, else
# from geos-config (older GEOS ship no .pc file). Used by the build
# (CMakeLists.txt) and by the installed puzzlelabConfig.cmake (the static
# library's link interface names PkgConfig::GEOS). Sets PUZZLELAB_GEOS_FOUND.
# Needs find_package(PkgConfig) first.
macro(puzzlelab_find_geos)
  set(PUZZLELAB_GEOS_FOUND FALSE)
  if(TARGET PkgConfig::GEOS)
    set(PUZZLELAB_GEOS_FOUND TRUE)
  else()
    pkg_check_modules(GEOS QUIET IMPORTED_TARGET geos)
    if(GEOS_FOUND)
      set(PUZZLELAB_GEOS_FOUND TRUE)
    else()
      find_program(PUZZLELAB_GEOS_CONFIG geos-config)
      if(PUZZLELAB_GEOS_CONFIG)
        execute_process(COMMAND ${PUZZLELAB_GEOS_CONFIG} --cflags OUTPUT_VARIABLE _pl_geos_cflags
                        OUTPUT_STRIP_TRAILING_WHITESPACE)
        execute_process(COMMAND ${PUZZLELAB_GEOS_CONFIG} --clibs OUTPUT_VARIABLE _pl_geos_libs
                        OUTPUT_STRIP_TRAILING_WHITESPACE)
        separate_arguments(_pl_geos_cflags)
        separate_arguments(_pl_geos_libs)
        # IMPORTED (not a plain INTERFACE library) so that exported targets
        # may name it and the installed package recreates it the same way.
        add_library(PkgConfig::GEOS INTERFACE IMPORTED)
        set_target_properties(PkgConfig::GEOS PROPERTIES INTERFACE_COMPILE_OPTIONS "${_pl_geos_cflags}"
                                                         INTERFACE_LINK_LIBRARIES "${_pl_geos_libs}")
        set(PUZZLELAB_GEOS_FOUND TRUE)
      endif()
    endif()
  endif()
endmacro()
