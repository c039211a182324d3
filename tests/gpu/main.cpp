// doctest main of the GPU tests: exits 77 (ctest: skipped) when there is no usable GPU.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "runtime/driver.hpp"

int main(int argc, char** argv) {
  const auto& d = tailor::detail::driver();
  if (!d.ok()) {
    std::printf("SKIPPED: no GPU: %s\n", d.error.c_str());
    return 77;
  }
  doctest::Context ctx(argc, argv);
  return ctx.run();
}
