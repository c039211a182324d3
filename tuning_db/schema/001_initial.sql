-- Tuning database schema 1: devices, problems and the tuning records that join them.
-- Parameters and timings only: never a binary, never source code. Applied by
-- tuning_db/sqlite_db.cpp inside one transaction, which then sets PRAGMA user_version = 1.
-- A later change is a new file (002_....sql), never an edit of this one.

-- One row per device fingerprint (DeviceInfo::fingerprint(), e.g.
-- "NVIDIA H200|sm_90|132 SMs|143771 MiB"). The other columns are parsed from it for people
-- and queries; they are NULL for fingerprints that are not a GPU's (the CPU path).
CREATE TABLE devices (
  id          INTEGER PRIMARY KEY,
  fingerprint TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  cc_major    INTEGER,
  cc_minor    INTEGER,
  sm_count    INTEGER,
  memory_mib  INTEGER
);

-- One row per problem key (GemmProblem::to_string(): normalised, with scalar kinds). The
-- key is authoritative; dtype and sizes are copies for people and queries.
CREATE TABLE problems (
  id    INTEGER PRIMARY KEY,
  key   TEXT NOT NULL UNIQUE,
  dtype TEXT NOT NULL,
  batch INTEGER NOT NULL,
  m     INTEGER NOT NULL,
  k     INTEGER NOT NULL,
  n     INTEGER NOT NULL
);

-- The winner of one tuning run of (problem, device, alignment) by one generator version.
-- Times are seconds per call; heuristic_s is 0 when the heuristic config was not timed.
CREATE TABLE records (
  id                INTEGER PRIMARY KEY,
  device_id         INTEGER NOT NULL REFERENCES devices(id),
  problem_id        INTEGER NOT NULL REFERENCES problems(id),
  align_bytes       INTEGER NOT NULL,
  generator_version INTEGER NOT NULL,
  config            TEXT NOT NULL,
  median_s          REAL NOT NULL,
  p20_s             REAL NOT NULL,
  p80_s             REAL NOT NULL,
  heuristic_s       REAL NOT NULL,
  verified          INTEGER NOT NULL,
  max_rel_err       REAL NOT NULL,
  candidates_tried  INTEGER NOT NULL,
  candidates_failed INTEGER NOT NULL,
  tuning_seconds    REAL NOT NULL,
  nvrtc_version     INTEGER NOT NULL,
  driver_version    INTEGER NOT NULL,
  tailor_version    TEXT NOT NULL,
  date              TEXT NOT NULL,
  UNIQUE (device_id, problem_id, align_bytes, generator_version)
);
CREATE INDEX records_by_problem ON records (problem_id);
