# Passes when COMPILER fails to compile SOURCE (C++17, include/ of libscan at INCLUDE) with exactly
# one error, whose text contains MESSAGE: an API misuse stopped by one static_assert rather than
# by errors deep inside the templates.
#   cmake -DCOMPILER=<c++> -DINCLUDE=<dir> -DSOURCE=<file> -DMESSAGE=<text> -P expect_compile_error.cmake
foreach(var COMPILER INCLUDE SOURCE MESSAGE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "expect_compile_error.cmake: ${var} is not set")
  endif()
endforeach()
execute_process(COMMAND ${COMPILER} -std=c++17 -fsyntax-only -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCHALL "error:" errors "${out}${err}")
list(LENGTH errors count)
string(FIND "${out}${err}" "${MESSAGE}" at)
if(rc EQUAL 0 OR NOT count EQUAL 1 OR at EQUAL -1)
  message(FATAL_ERROR "expected one error containing \"${MESSAGE}\" from ${SOURCE}; the compiler "
                      "exited ${rc} with ${count} errors:\n${out}${err}")
endif()
message(STATUS "one error, as expected: ${MESSAGE}")
