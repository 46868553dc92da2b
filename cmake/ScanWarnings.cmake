# Warnings for libscan's own targets: -Wall -Wextra, as errors when SCAN_WARNINGS_AS_ERRORS is on
# (CI turns it on). Device code gets the same flags through its compiler's host pass.
function(scan_warnings target)
  set(flags -Wall -Wextra)
  if(SCAN_WARNINGS_AS_ERRORS)
    list(APPEND flags -Werror)
  endif()
  list(JOIN flags "," host_flags)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:${flags}>
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${host_flags}>
    $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<BOOL:${SCAN_WARNINGS_AS_ERRORS}>>:-Werror=all-warnings>)
endfunction()
