// The emulation's switch between fibers: fiber_context::start prepares a fiber on its own stack,
// switch_to saves the running context and resumes another. On x86-64 the switch saves the
// callee-saved registers and swaps stack pointers: swapcontext also saves and restores the signal
// mask, two system calls a switch, which put about half of the emulated suites' time in the kernel.
// Elsewhere, ucontext.
#pragma once

#include <cstddef>
#include <cstdint>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace simt {

#if defined(__x86_64__)

// simt_switch_stack(save, load): pushes the callee-saved registers, stores the stack pointer in
// *save, loads `load` and pops the registers saved there. Weak and in a COMDAT section, so that
// every translation unit including this header may define it.
extern "C" __attribute__((visibility("hidden"))) void simt_switch_stack(void** save, void* load);
asm(R"(
  .pushsection .text.simt_switch_stack,"axG",@progbits,simt_switch_stack,comdat
  .weak simt_switch_stack
  .hidden simt_switch_stack
  .type simt_switch_stack, @function
simt_switch_stack:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size simt_switch_stack, .-simt_switch_stack
  .popsection
)");

class fiber_context {
public:
  // The next switch to this context calls entry() on [stack, stack + bytes); entry never returns.
  void start(char* stack, std::size_t bytes, void (*entry)()) {
    const auto top = reinterpret_cast<std::uintptr_t>(stack + bytes) & ~std::uintptr_t{15};
    // Six registers for the switch to pop, then entry as the address it returns to, then entry's
    // own (absent) return address: entry starts with the stack aligned as after a call.
    void** frame = reinterpret_cast<void**>(top) - 8;
    for (int i = 0; i < 8; ++i)
      frame[i] = nullptr;
    frame[6] = reinterpret_cast<void*>(entry);
    sp_ = frame;
  }
  void switch_to(fiber_context& next) { simt_switch_stack(&sp_, next.sp_); }

private:
  void* sp_ = nullptr;
};

#else

class fiber_context {
public:
  void start(char* stack, std::size_t bytes, void (*entry)()) {
    getcontext(&context_);
    context_.uc_stack.ss_sp = stack;
    context_.uc_stack.ss_size = bytes;
    context_.uc_link = nullptr;
    makecontext(&context_, entry, 0);
  }
  void switch_to(fiber_context& next) { swapcontext(&context_, &next.context_); }

private:
  ucontext_t context_{};
};

#endif

} // namespace simt
