# libscan._jax_ffi, the XLA FFI handlers of libscan.jax (src/jax_ffi.cpp), built when jaxlib's
# headers (jax.ffi.include_dir()) are found: from SCAN_JAX_FFI_INCLUDE_DIR, else by asking the
# interpreter, which sees jax when the package is built without build isolation
# (pip install --no-build-isolation .) or with -C cmake.define.SCAN_JAX_FFI_INCLUDE_DIR=<dir>.
set(SCAN_JAX_FFI_INCLUDE_DIR "" CACHE PATH "jaxlib's include directory (jax.ffi.include_dir())")
set(scan_jax_include "${SCAN_JAX_FFI_INCLUDE_DIR}")
if(NOT scan_jax_include)
  execute_process(COMMAND ${Python_EXECUTABLE} -c "import jax.ffi; print(jax.ffi.include_dir())"
                  OUTPUT_VARIABLE scan_jax_include OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
if(scan_jax_include AND EXISTS "${scan_jax_include}/xla/ffi/api/ffi.h")
  message(STATUS "libscan (Python): libscan.jax's XLA FFI handlers, headers in ${scan_jax_include}")
  nanobind_add_module(_jax_ffi NB_STATIC src/jax_ffi.cpp)
  target_include_directories(_jax_ffi SYSTEM PRIVATE "${scan_jax_include}")
  target_link_libraries(_jax_ffi PRIVATE scan_python_core)
  install(TARGETS _jax_ffi LIBRARY DESTINATION libscan COMPONENT python)
else()
  message(STATUS "libscan (Python): no jaxlib headers found; libscan.jax is not built")
endif()
