# Every ```cpp block of README.md becomes a program that CTest builds and runs as
# readme.<n>_<section>, so the README's examples cannot drift from the API. The blocks are read
# again whenever README.md changes (it is a configure dependency).
#
# A block that defines main() is a whole program. Any other block is the body of main(): its
# leading #include lines stay at file scope, and <cassert> (with NDEBUG undone), <cstdint> and
# <vector> come first, as the README says. What a block needs decides where it runs:
#   - scan/kokkos.hpp: a kokkos build;
#   - scan/nccl.hpp: a build with libscan::nccl and MPI, compiled only (it needs a GPU per rank);
#   - anything else: a host build (the blocks use host memory).
# Elsewhere its test reports skipped, with the reason.
set(scan_readme ${PROJECT_SOURCE_DIR}/README.md)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${scan_readme})
file(READ ${scan_readme} scan_readme_text)
set(scan_readme_dir ${CMAKE_CURRENT_BINARY_DIR}/readme)
set(scan_readme_fence "```cpp\n")
string(LENGTH "${scan_readme_fence}" scan_readme_fence_length)

# Registers readme.<name> as skipped, printing why.
function(scan_readme_skip name why)
  add_test(NAME readme.${name} COMMAND sh -c [=[echo "SKIPPED: $0"; exit 77]=] "${why}")
  set_tests_properties(readme.${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS readme)
endfunction()

# The source of a block as a program.
function(scan_readme_program block out_var)
  if(block MATCHES "(^|\n)int main\\(")
    set(${out_var} "${block}" PARENT_SCOPE)
    return()
  endif()
  string(REGEX MATCH "^(#include[^\n]*\n|\n)*" includes "${block}")
  string(LENGTH "${includes}" includes_length)
  string(SUBSTRING "${block}" ${includes_length} -1 body)
  string(REGEX REPLACE "\n$" "" body "${body}")
  string(REGEX REPLACE "\n([^\n])" "\n  \\1" body "${body}")
  set(${out_var} "#undef NDEBUG\n#include <cassert>\n#include <cstdint>\n#include <vector>\n\n${includes}\nint main() {\n  ${body}\n}\n" PARENT_SCOPE)
endfunction()

set(scan_readme_index 0)
set(scan_readme_section "readme")
set(scan_readme_rest "${scan_readme_text}")
while(TRUE)
  string(FIND "${scan_readme_rest}" "${scan_readme_fence}" start)
  if(start EQUAL -1)
    break()
  endif()
  # The section the block is in: the last heading before it.
  string(SUBSTRING "${scan_readme_rest}" 0 ${start} before)
  string(REGEX MATCHALL "\n#+ [^\n]*" headings "\n${before}")
  if(headings)
    list(GET headings -1 heading)
    string(REGEX REPLACE "^\n#+ " "" heading "${heading}")
    string(TOLOWER "${heading}" heading)
    string(REGEX REPLACE "[^a-z0-9]+" "_" scan_readme_section "${heading}")
    string(REGEX REPLACE "^_|_$" "" scan_readme_section "${scan_readme_section}")
  endif()
  math(EXPR start "${start} + ${scan_readme_fence_length}")
  string(SUBSTRING "${scan_readme_rest}" ${start} -1 scan_readme_rest)
  string(FIND "${scan_readme_rest}" "```" end)
  string(SUBSTRING "${scan_readme_rest}" 0 ${end} block)
  string(SUBSTRING "${scan_readme_rest}" ${end} -1 scan_readme_rest)

  math(EXPR scan_readme_index "${scan_readme_index} + 1")
  set(name ${scan_readme_index}_${scan_readme_section})
  set(target scan_readme_${scan_readme_index})
  scan_readme_program("${block}" program)
  file(WRITE ${scan_readme_dir}/${target}.cpp.new
       "// Generated from README.md by docs/readme_examples.cmake: edit the README.\n${program}")
  configure_file(${scan_readme_dir}/${target}.cpp.new ${scan_readme_dir}/${target}.cpp COPYONLY)

  if(block MATCHES "scan/kokkos\\.hpp")
    if(NOT SCAN_BACKEND STREQUAL "kokkos")
      scan_readme_skip(${name} "a Kokkos example: it runs in a kokkos build (-DSCAN_BACKEND=kokkos)")
      continue()
    endif()
  elseif(block MATCHES "scan/nccl\\.hpp")
    if(TARGET libscan::nccl)
      find_package(MPI COMPONENTS CXX QUIET)
    endif()
    if(NOT TARGET libscan::nccl OR NOT MPI_CXX_FOUND)
      scan_readme_skip(${name} "an MPI and NCCL example: it compiles where libscan::nccl (-DSCAN_WITH_NCCL=ON) and MPI are found")
      continue()
    endif()
  elseif(NOT SCAN_BACKEND STREQUAL "host")
    scan_readme_skip(${name} "the README's examples use host memory: they run in a host build")
    continue()
  endif()

  add_executable(${target} ${scan_readme_dir}/${target}.cpp)
  target_link_libraries(${target} PRIVATE libscan::libscan)
  scan_warnings(${target})
  if(block MATCHES "scan/nccl\\.hpp")
    target_link_libraries(${target} PRIVATE libscan::nccl MPI::MPI_CXX)
    scan_readme_skip(${name} "compiled (${target}); it runs under mpiexec with a GPU per rank")
  else()
    add_test(NAME readme.${name} COMMAND ${target})
    set_tests_properties(readme.${name} PROPERTIES LABELS readme)
  endif()
endwhile()
