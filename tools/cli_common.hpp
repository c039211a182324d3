// Helpers the tools share: building a GemmProblem from --shape/--dtype/--bcast, and
// turning any exception into one line on stderr and a non-zero exit.
#pragma once

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <functional>
#include <string>

#include "tailor/tailor.hpp"

namespace tailor::tools {

/// The problem named by a shape "BATCHxMxKxN", a dtype and an optional broadcast flag
/// ("A", "B", "bcastA", "bcastB" or ""). Throws Error naming the bad argument.
inline GemmProblem problem_from_args(const std::string& shape, const std::string& dtype, const std::string& bcast) {
  GemmProblem p;
  try {
    p = GemmProblem::parse(shape);
    if (shape.find(' ') != std::string::npos || shape.find('=') != std::string::npos)
      throw Error(ErrorCode::invalid_argument, "expected BATCHxMxKxN");
  } catch (const Error& e) {
    throw Error(ErrorCode::invalid_argument, fmt::format("--shape '{}': expected BATCHxMxKxN with sizes >= 1, e.g. 1000000x3x25x1", shape));
  }
  try {
    p.dtype = parse_dtype(dtype);
  } catch (const Error&) {
    throw Error(ErrorCode::invalid_argument, fmt::format("--dtype '{}': expected f32 or f64", dtype));
  }
  if (bcast == "A" || bcast == "bcastA") p.broadcast_a();
  else if (bcast == "B" || bcast == "bcastB") p.broadcast_b();
  else if (!bcast.empty())
    throw Error(ErrorCode::invalid_argument, fmt::format("--bcast '{}': expected A or B", bcast));
  try {
    p.validate();
  } catch (const Error& e) {
    throw Error(e.code(), fmt::format("--shape '{}': {}", shape, e.what()));
  }
  return p;
}

/// Runs `body`, printing CLI errors and tailor::Errors as one line; returns the exit code.
inline int guarded_main(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "%s: error: %s (see --help)\n", app.get_name().c_str(), e.what());
    return 2;
  }
  try {
    return body();
  } catch (const Error& e) {
    std::fprintf(stderr, "%s: %s\n", app.get_name().c_str(), e.what());
    return is_user_error(e.code()) ? 2 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", app.get_name().c_str(), e.what());
    return 1;
  }
}

}  // namespace tailor::tools
