# The GPU backend's compiled units, shared by SCAN_BACKEND=cuda and hip: the registry entry, the
# marking of segment starts, and one unit per built-in operator, generated from compiled_operator.cpp.in for each name in
# SCAN_OPERATORS. `language` is the one their compiler builds them as (CUDA for nvcc; CXX when
# hipcc is the C++ compiler).
function(scan_add_gpu_backend language)
  set(sources ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/gpu_backend.cpp
              ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/segment_marking.cpp)
  foreach(op IN LISTS SCAN_OPERATORS)
    set(SCAN_OPERATOR ${op})
    set(unit ${PROJECT_BINARY_DIR}/generated/compiled_${op}.cpp)
    configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/compiled_operator.cpp.in ${unit} @ONLY)
    list(APPEND sources ${unit})
  endforeach()
  # .cpp files are C++ to CMake: nvcc must be told they are CUDA; hipcc, the C++ compiler of a hip
  # build, compiles them as HIP only when no language flag (-x c++) is forced on them.
  if(NOT language STREQUAL "CXX")
    set_source_files_properties(${sources} TARGET_DIRECTORY scan PROPERTIES LANGUAGE ${language})
  endif()
  target_sources(scan PRIVATE ${sources})
endfunction()
