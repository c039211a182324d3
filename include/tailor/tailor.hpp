// Tailor: a kernel made to measure for every batched matrix product.
// Include this header; link the `tailor` library.
#pragma once

#include "tailor/config.hpp"
#include "tailor/device.hpp"
#include "tailor/error.hpp"
#include "tailor/problem.hpp"
#include "tailor/runtime.hpp"
#include "tailor/version.hpp"
