// KernelConfig: canonical text round trip and parse errors.
#include <doctest/doctest.h>

#include "tailor/tailor.hpp"

using namespace tailor;

TEST_CASE("config slab round trip") {
  KernelConfig c;
  c.family = Family::slab;
  c.threads = 128, c.mats = 48, c.vec = 2, c.rm = 2, c.rn = 1, c.grid = 4;
  const std::string s = c.to_string();
  CHECK(s == "slab,t=128,minb=1,mats=48,vec=2,rm=2,rn=1,grid=4");
  CHECK(KernelConfig::parse(s) == c);
  c.st = 2;  // two buffers, the next slab fed by cp.async
  CHECK(c.to_string() == "slab,t=128,minb=1,mats=48,vec=2,rm=2,rn=1,grid=4,st=2");
  CHECK(KernelConfig::parse(c.to_string()) == c);
  c.st = 0, c.cs = 1;  // C staged through shared memory
  CHECK(c.to_string() == "slab,t=128,minb=1,mats=48,vec=2,rm=2,rn=1,grid=4,cs=1");
  CHECK(KernelConfig::parse(c.to_string()) == c);
}

TEST_CASE("config tiled round trip") {
  KernelConfig c;
  c.family = Family::tiled;
  c.threads = 256, c.bm = 64, c.bn = 64, c.bk = 16, c.rm = 4, c.rn = 4;
  c.mats = 0, c.vec = 1;
  CHECK(KernelConfig::parse(c.to_string()) == c);
  c.mma = 1, c.st = 3, c.ku = 1, c.vec = 2;  // DMMA, cp.async stages, k steps kept as a loop
  CHECK(c.to_string() == "tiled,t=256,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=0,mma=1,st=3,ku=1");
  CHECK(KernelConfig::parse(c.to_string()) == c);
  c.k8 = 1, c.grid = 2;  // mma.sync m16n8k8, persistent grid
  CHECK(c.to_string() == "tiled,t=256,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=2,mma=1,st=3,ku=1,k8=1");
  CHECK(KernelConfig::parse(c.to_string()) == c);
  CHECK_THROWS_AS(KernelConfig::parse("slab,t=64,mats=2,k8=1"), Error);  // a tiled knob
}

TEST_CASE("config parse errors name the token") {
  for (const char* bad : {"blob,t=1", "slab,t=abc", "slab,bm=64", "tiled,mats=3", "slab,t", "slab,t=1,,", "slab,t=99999999999"}) {
    CAPTURE(bad);
    try {
      KernelConfig::parse(bad);
      FAIL("parsed");
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::invalid_argument);
    }
  }
}
