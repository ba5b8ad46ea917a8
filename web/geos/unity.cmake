# Included into GEOS's own CMake project (CMAKE_PROJECT_INCLUDE) by
# scripts/web.sh when it builds GEOS with emscripten: a unity build, one
# translation unit per GEOS source directory (the files of one directory share
# one C++ namespace and its using-directives), so that the headers are parsed
# in 77 translation units instead of 385 (docs/design.md has the times). The
# files listed in PL_GEOS_UNITY_SKIP clash with a neighbour in one translation
# unit (file-scope using-directives, anonymous-namespace helpers of the same
# name) and are compiled alone; the list was found by compiling every group
# with -fsyntax-only until none failed.
set(PL_GEOS_UNITY_SKIP
  src/geom/DefaultCoordinateSequenceFactory.cpp
  src/geom/GeometryCollection.cpp
  src/geom/GeometryFactory.cpp
  src/geom/IntersectionMatrix.cpp
  src/geom/LineSegment.cpp
  src/geom/LineString.cpp
  src/geom/LinearRing.cpp
  src/geom/Point.cpp
  src/geom/Polygon.cpp
  src/geom/PrecisionModel.cpp
  src/geom/Quadrant.cpp
  src/geom/prep/PreparedGeometryFactory.cpp
  src/io/GeoJSONWriter.cpp
  src/operation/overlayng/OverlayEdgeRing.cpp
  src/operation/overlayng/OverlayUtil.cpp
  src/operation/overlayng/PolygonBuilder.cpp
  src/operation/valid/IsValidOp.cpp
  src/operation/valid/MakeValid.cpp
  src/operation/valid/PolygonIntersectionAnalyzer.cpp
  src/operation/valid/PolygonNode.cpp
  src/operation/valid/PolygonTopologyAnalyzer.cpp
  src/operation/valid/RepeatedPointTester.cpp
  src/precision/SimpleGeometryPrecisionReducer.cpp
)
# capi/: its two files (the C API, plain and _r) clash with each other and
# are compiled alone.
file(GLOB_RECURSE _pl_geos_sources RELATIVE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/src/*.cpp)
foreach(f ${_pl_geos_sources})
  get_filename_component(d ${f} DIRECTORY)
  if(f IN_LIST PL_GEOS_UNITY_SKIP)
    set_source_files_properties(${CMAKE_SOURCE_DIR}/${f} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  else()
    set_source_files_properties(${CMAKE_SOURCE_DIR}/${f} PROPERTIES UNITY_GROUP ${d})
  endif()
endforeach()
# A file's own configuration macros must not leak into the next file of its
# unit: geomgraph/DirectedEdgeStar.cpp sets GEOS_DEBUG to 1 unless it is
# defined, and every geomgraph file after it in the unit then printed its
# debugging trace (the relate operations: 76% of a Snipperclips solve in the
# browser was the page's console writing it; docs/benchmarks.md). Undefined
# after each file, they are as in GEOS's own build, one file at a time.
set(PL_GEOS_UNITY_UNDEF "")
foreach(m GEOS_DEBUG JTS_DEBUG COMPUTE_Z USE_ELEVATION_MATRIX USE_INPUT_AVGZ GEOS_DEBUG_HEURISTICOVERLAY
          GEOS_DEBUG_HEURISTICOVERLAY_PRINT_INVALID)
  string(APPEND PL_GEOS_UNITY_UNDEF "#undef ${m}\n")
endforeach()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL set_target_properties geos PROPERTIES UNITY_BUILD ON
               UNITY_BUILD_MODE GROUP UNITY_BUILD_CODE_AFTER_INCLUDE "${PL_GEOS_UNITY_UNDEF}")
