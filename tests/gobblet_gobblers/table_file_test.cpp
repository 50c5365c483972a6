// Table files of the ranked retrograde engine on a small Gobblet Gobblers
// variant: the round trip (save, open, view), refusals (truncated,
// bit-flipped, wrong rules, wrong kind), a solve killed at a phase boundary
// and in the middle of a phase then resumed from its checkpoint (the table
// file byte for byte the same as an uninterrupted solve's), and the
// `tablebase` engine's --table through the driver.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"
#include "helpers.hpp"
#include "plugin/run_driver.hpp"
#include "sente/engines/tablebase.hpp"
#include "sente/engines/tablebase_file.hpp"

namespace sente::gobblet_gobblers {
namespace {

namespace fs = std::filesystem;
using testing::variant;

// pieces=1 sizes=3 for the file format (182,842 positions, a 400 KB
// table, solved in a fraction of a second); pieces=2 sizes=2 to kill and
// resume (452,757 positions over 81 tiers, 35 rounds: every phase has many
// boundaries and depths up to 33 plies).
Game small_game() {
  return variant({{"pieces", "1"}, {"sizes", "3"}});
}
Game deep_game() {
  return variant({{"pieces", "2"}, {"sizes", "2"}});
}

RankedIdentity identity_of(const Game& g) {
  return {"gobblet-gobblers", g.rules_text()};
}

std::uint64_t index_size(const Game& g) {
  std::uint64_t n = 0;
  for (int t = 0; t < g.tier_count(); ++t) n += g.tier_size(t);
  return n;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_all(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A fresh directory per test, removed afterwards.
class GobbletTableFile : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ =
        fs::temp_directory_path() / absl::StrCat("sente-gg-table-", ::getpid(), "-", info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // The solved table of small_game(), once per process, and its file.
  static const RankedTable<Game>& solved() {
    static const RankedTable<Game> table = [] {
      absl::StatusOr<RankedTable<Game>> t = RankedTable<Game>::solve(game_, game_.start());
      EXPECT_TRUE(t.ok()) << t.status();
      return std::move(*t);
    }();
    return table;
  }
  std::string saved() {
    const std::string file = path("table.sente");
    if (!fs::exists(file)) {
      const absl::Status s = save_ranked(file, solved(), identity_of(game_), "table");
      EXPECT_TRUE(s.ok()) << s;
    }
    return file;
  }
  absl::StatusOr<RankedFile> open(const std::string& file, std::string_view kind = "table") {
    return RankedFile::open(file, identity_of(game_), kind, index_size(game_));
  }

  fs::path dir_;
  static inline const Game game_ = small_game();
};

// ------------------------------------------------------------ round trip

TEST_F(GobbletTableFile, SaveOpenViewRoundTrip) {
  const RankedTable<Game>& t = solved();
  absl::StatusOr<RankedFile> f = open(saved());
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->stage().phase, RankedStage::Phase::kDone);
  EXPECT_EQ(f->root(), t.root());
  EXPECT_EQ(f->file().header().field("positions"), absl::StrCat(t.stats().positions));
  absl::StatusOr<RankedTable<Game>> v =
      RankedTable<Game>::view(game_, true, f->root(), f->reached().words(), f->values());
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->stats().positions, t.stats().positions);
  EXPECT_EQ(v->stats().wins, t.stats().wins);
  EXPECT_EQ(v->stats().losses, t.stats().losses);
  EXPECT_EQ(v->stats().draws, t.stats().draws);
  EXPECT_EQ(v->stats().longest_win, t.stats().longest_win);
  EXPECT_EQ(v->stats().longest_loss, t.stats().longest_loss);
  std::uint64_t n = 0, differ = 0;
  t.for_each([&](const Position& p, std::uint8_t) {
    ++n;
    const std::optional<RetrogradeEntry> a = t.find(p), b = v->find(p);
    if (!b || a->value != b->value || a->depth != b->depth) ++differ;
  });
  EXPECT_EQ(n, t.stats().positions);
  EXPECT_EQ(differ, 0u);
  // A position not reachable (player 2 has placed, player 1 not) is found
  // in neither.
  const Position unreachable = *game_.parse("s . . / . . . / . . . ; 1", false);
  EXPECT_FALSE(t.find(unreachable).has_value());
  EXPECT_FALSE(v->find(unreachable).has_value());
}

// ------------------------------------------------------------ refusals

// The error names the file and says what is wrong.
void expect_refused(const absl::StatusOr<RankedFile>& f, const std::string& file,
                    const std::string& what) {
  ASSERT_FALSE(f.ok()) << file << " was accepted";
  const std::string m(f.status().message());
  EXPECT_NE(m.find(file), std::string::npos) << m;
  EXPECT_NE(m.find(what), std::string::npos) << "want '" << what << "' in: " << m;
}

TEST_F(GobbletTableFile, TruncatedFilesAreRefused) {
  const std::string bytes = read_all(saved());
  for (std::size_t keep : {std::size_t{0}, std::size_t{12}, std::size_t{100}, bytes.size() / 2,
                           bytes.size() - 13, bytes.size() - 1}) {
    const std::string file = path(absl::StrCat("cut-", keep));
    write_all(file, bytes.substr(0, keep));
    const absl::StatusOr<RankedFile> f = open(file);
    ASSERT_FALSE(f.ok()) << "kept " << keep << " bytes";
    EXPECT_NE(std::string(f.status().message()).find(file), std::string::npos) << f.status();
  }
  const std::string half = path(absl::StrCat("cut-", bytes.size() / 2));
  expect_refused(open(half), half, "truncated");
}

TEST_F(GobbletTableFile, BitFlipsAreRefused) {
  const RankedTable<Game>& t = solved();
  const std::string bytes = read_all(saved());
  // The values are the last section, before the 12-byte trailer; the header
  // text starts at byte 16 ("game=...").
  const std::size_t values_end = bytes.size() - 12;
  const std::size_t values_begin = values_end - t.stats().positions;
  ASSERT_EQ(bytes.substr(16, 5), "game=");
  struct Flip {
    std::string name;
    std::size_t at;
  };
  for (const Flip& flip :
       {Flip{"values", (values_begin + values_end) / 2}, Flip{"values-first", values_begin},
        Flip{"values-last", values_end - 1}, Flip{"header-game", 16 + 6},
        Flip{"header-rules", bytes.find("pieces=")}, Flip{"reached", values_begin / 2}}) {
    for (int bit : {0, 7}) {
      std::string damaged = bytes;
      damaged[flip.at] = static_cast<char>(damaged[flip.at] ^ (1 << bit));
      const std::string file = path(absl::StrCat("flip-", flip.name, "-", bit));
      write_all(file, damaged);
      expect_refused(open(file), file, "corrupt");
    }
  }
}

TEST_F(GobbletTableFile, WrongRulesAndWrongKindAreRefused) {
  const std::string file = saved();
  // Another variant's identity (the driver would open the file with it).
  const Game other = variant({{"pieces", "1"}, {"sizes", "3"}, {"reveal", "off"}});
  const absl::StatusOr<RankedFile> f =
      RankedFile::open(file, identity_of(other), "table", index_size(other));
  expect_refused(f, file, "rules");
  EXPECT_NE(std::string(f.status().message()).find(other.rules_text()), std::string::npos)
      << f.status();
  // Another game.
  expect_refused(
      RankedFile::open(file, {"tic-tac-toe", game_.rules_text()}, "table", index_size(game_)), file,
      "game");
  // The same rules text but another ranking (a file renamed across
  // variants would be caught by its rules; this checks the size field).
  const Game bigger = variant({{"pieces", "2"}, {"sizes", "3"}});
  expect_refused(RankedFile::open(file, identity_of(game_), "table", index_size(bigger)), file,
                 "another variant");
  // A table is not a checkpoint, nor the reverse.
  expect_refused(open(file, "checkpoint"), file, "kind");
  const std::string checkpoint = path("table.sente.checkpoint");
  ASSERT_TRUE(save_ranked(checkpoint, solved(), identity_of(game_), "checkpoint").ok());
  expect_refused(open(checkpoint, "table"), checkpoint, "kind");
  EXPECT_TRUE(open(checkpoint, "checkpoint").ok());
  // And a missing file is NotFound (the engine then solves).
  EXPECT_TRUE(absl::IsNotFound(open(path("absent")).status()));
}

// Where section `name` starts in a table file's bytes: its directory entry
// (u32 name length, the name, u64 offset, u64 size) follows the header text
// and the u32 section count.
std::uint64_t section_offset(const std::string& bytes, std::string_view name) {
  auto u32 = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return std::uint64_t{v};
  };
  std::size_t at = 16 + u32(12);
  const std::uint64_t count = u32(at);
  at += 4;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t length = u32(at);
    std::uint64_t offset;
    std::memcpy(&offset, bytes.data() + at + 4 + length, 8);
    if (bytes.substr(at + 4, length) == name) return offset;
    at += 4 + length + 16;
  }
  ADD_FAILURE() << "no section " << name;
  return 0;
}

// A table whose checksum is right but whose reachable set miscounts (a wrong
// writer, not damage the checksum catches) is refused: lookups trust the
// set's directory and would read past the values (found by the table_file
// fuzzer: an out-of-bounds read in `sente table`'s pass over the table).
TEST_F(GobbletTableFile, ReachedSetsThatMiscountAreRefusedWhateverTheirChecksum) {
  const std::string bytes = read_all(saved());
  const std::uint64_t reached = section_offset(bytes, "reached");
  const std::uint64_t n = index_size(game_);
  ASSERT_GT(n % RankedSet::kBitsPerBlock, 0u);  // the last block has bits past n
  // Each edit ORs `bits` into a word of the set, or sets the word to `value`.
  struct Edit {
    std::string name;
    std::uint64_t word;  // in the set's words
    std::uint64_t value, bits;
  };
  const std::uint64_t last_block = n / RankedSet::kBitsPerBlock;
  const std::uint64_t past_n = n % RankedSet::kBitsPerBlock;  // its first bit past n
  for (const Edit& e : {Edit{"directory-huge", 8, std::uint64_t{1} << 40, 0},
                        Edit{"directory-zero", 8, 0, 0},  // block 0 holds the start
                        Edit{"member-past-n", 8 * last_block + 1 + past_n / 64, 0,
                             std::uint64_t{1} << past_n % 64}}) {
    std::string edited = bytes;
    const std::size_t at = reached + 8 * e.word;
    std::uint64_t w;
    std::memcpy(&w, edited.data() + at, 8);
    w = e.bits ? w | e.bits : e.value;
    std::memcpy(edited.data() + at, &w, 8);
    const std::size_t trailer = edited.size() - 12;
    const auto crc = static_cast<std::uint32_t>(
        crc32_z(crc32_z(0, nullptr, 0), reinterpret_cast<const Bytef*>(edited.data()), trailer));
    std::memcpy(edited.data() + trailer, &crc, 4);
    const std::string file = path("miscount-" + e.name);
    write_all(file, edited);
    expect_refused(open(file), file, "corrupt");
  }
}

// Issue 23 case 9: a table whose values are forged (every byte 1: a loss in
// 0 plies) and whose checksum is recomputed by the format's own writer passes
// every check of the file layer; its header's counts no longer match the
// values, and it is refused, here and through the driver (exit 4, nothing
// solved or written over it).
TEST_F(GobbletTableFile, ForgedValuesWithARecomputedChecksumAreRefused) {
  const std::string file = path("forged.sente");
  {
    absl::StatusOr<MappedTable> whole = MappedTable::open(saved());
    ASSERT_TRUE(whole.ok()) << whole.status();
    absl::StatusOr<std::span<const std::byte>> words = whole->section("reached");
    absl::StatusOr<std::span<const std::byte>> values = whole->section("values");
    ASSERT_TRUE(words.ok() && values.ok());
    const std::vector<std::byte> forged(values->size(), std::byte{1});
    const TableSection sections[] = {{"reached", *words}, {"values", forged}};
    ASSERT_TRUE(write_table_file(file, whole->header(), sections).ok());
  }
  ASSERT_TRUE(MappedTable::open(file).ok());  // the checksum holds
  const RankedStats& s = solved().stats();
  expect_refused(open(file), file,
                 absl::StrCat("the header counts ", s.wins,
                              " wins but the values hold 0: the file is corrupt or forged"));
  // Every count is compared: values that keep the wins but turn draws into
  // losses in 0 plies are refused on the losses.
  {
    absl::StatusOr<MappedTable> whole = MappedTable::open(saved());
    ASSERT_TRUE(whole.ok()) << whole.status();
    absl::StatusOr<std::span<const std::byte>> values = whole->section("values");
    std::vector<std::byte> forged(values->begin(), values->end());
    for (std::byte& b : forged)
      if (b == std::byte{ranked_value::kDraw}) b = std::byte{1};
    const TableSection sections[] = {{"reached", *whole->section("reached")}, {"values", forged}};
    ASSERT_TRUE(write_table_file(file, whole->header(), sections).ok());
  }
  expect_refused(open(file), file, absl::StrCat("the header counts ", s.losses, " losses"));

  const std::string before = read_all(file);
  const sente::testing::Result r = sente::testing::sente(
      "solve gobblet-gobblers --set pieces=1 --set sizes=3 --quiet --table " + file);
  EXPECT_EQ(r.code, 4) << r.out;
  EXPECT_NE(r.out.find(file + ": the header counts"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("corrupt or forged; delete it and solve again"), std::string::npos) << r.out;
  EXPECT_TRUE(read_all(file) == before);
}

// A table without a section is damaged, not absent: NotFound would make the
// engine solve again and write over the user's file.
TEST_F(GobbletTableFile, ATableMissingASectionIsRefusedNotTakenAsAbsent) {
  absl::StatusOr<MappedTable> whole = MappedTable::open(saved());
  ASSERT_TRUE(whole.ok()) << whole.status();
  absl::StatusOr<std::span<const std::byte>> words = whole->section("reached");
  ASSERT_TRUE(words.ok());
  const std::string file = path("no-values");
  const TableSection only[] = {{"reached", *words}};
  ASSERT_TRUE(write_table_file(file, whole->header(), only).ok());
  const absl::StatusOr<RankedFile> f = open(file);
  EXPECT_FALSE(absl::IsNotFound(f.status())) << f.status();
  expect_refused(f, file, "values");
}

// ------------------------------------------------------------ kill and resume

// Where the child kills itself: at a boundary, right after saving its
// checkpoint, or in the middle of the step that follows a boundary (the
// first progress report past half of it, strictly inside a tier while
// reaching): the checkpoint is then the boundary's, and the half-done
// step's work is lost.
struct KillAt {
  std::string name;
  RankedStage boundary;
  bool midway = false;
};

// Solves in a child process that saves a checkpoint at every boundary and
// kills itself (SIGKILL) where `kill` says. One thread: libgomp's thread
// pool does not survive fork() (the parent has used it), a team of one
// does not touch it; the table is the same for any thread count.
[[noreturn]] void run_child(const Game& g, const std::string& checkpoint, const KillAt& kill) {
  alarm(120);                                   // a hang fails the test instead of stalling it
  std::vector<std::uint64_t> tier_begin = {0};  // global index of each tier's rank 0, and N
  for (int t = 0; t < g.tier_count(); ++t) tier_begin.push_back(tier_begin.back() + g.tier_size(t));
  RankedOptions o;
  o.threads = 1;
  RankedStage last;  // the last boundary passed (the solve starts at reach, tier 0)
  o.checkpoint = [&](const RankedTableBase& t) -> absl::Status {
    if (absl::Status s = save_ranked(checkpoint, t, identity_of(g), "checkpoint"); !s.ok())
      return s;
    last = t.stage();
    if (!kill.midway && last == kill.boundary) raise(SIGKILL);
    return absl::OkStatus();
  };
  // Reaching reports (global index reached, N); a round (blocks scanned,
  // blocks of the reachable set).
  o.progress = [&](std::uint64_t done, std::uint64_t total) {
    if (!kill.midway || last != kill.boundary) return;
    std::uint64_t begin = 0, end = total;
    if (last.phase == RankedStage::Phase::kReach)
      begin = tier_begin[last.next], end = tier_begin[last.next + 1];
    if (done > begin + (end - begin) / 2 && done < end) raise(SIGKILL);
  };
  (void)RankedTable<Game>::solve(g, g.start(), o);
  _exit(3);  // not killed: the test fails
}

// Kill and resume at the phase boundary (after reaching, before the first
// round), in the middle of a tier (the largest) and in the middle of a
// round (resumed from the tier's or the round's start): the resumed solve
// does not cross a boundary it had passed, and its table file is byte for
// byte the uninterrupted solve's.
TEST_F(GobbletTableFile, KilledAndResumedSolvesWriteTheSameTable) {
  const Game g = deep_game();
  absl::StatusOr<RankedTable<Game>> whole = RankedTable<Game>::solve(g, g.start());
  ASSERT_TRUE(whole.ok()) << whole.status();
  ASSERT_GT(whole->stats().rounds, 20);
  const std::string reference = path("whole.sente");
  ASSERT_TRUE(save_ranked(reference, *whole, identity_of(g), "table").ok());
  const std::string want = read_all(reference);
  using Phase = RankedStage::Phase;
  int largest = 0;  // the largest tier: many progress reports while it is expanded
  for (int t = 1; t < g.tier_count(); ++t)
    if (g.tier_size(t) > g.tier_size(largest)) largest = t;
  for (const KillAt& kill :
       {KillAt{"after reaching", {Phase::kResolve, 0}, false},
        KillAt{
            "in the middle of a tier", {Phase::kReach, static_cast<std::uint64_t>(largest)}, true},
        KillAt{"in the middle of a round", {Phase::kResolve, 12}, true}}) {
    SCOPED_TRACE(kill.name);
    const std::string file = path("resumed.sente"), checkpoint = file + ".checkpoint";
    fs::remove(checkpoint);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) run_child(g, checkpoint, kill);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "the child was not killed where asked: "
        << (WIFSIGNALED(status) ? absl::StrCat("signal ", WTERMSIG(status))
                                : absl::StrCat("exit ", WEXITSTATUS(status)));

    absl::StatusOr<RankedFile> resume =
        RankedFile::open(checkpoint, identity_of(g), "checkpoint", index_size(g));
    ASSERT_TRUE(resume.ok()) << resume.status();
    EXPECT_EQ(resume->stage(), kill.boundary);
    RankedOptions o;
    bool crossed_again = false;
    const RankedStage from = resume->stage();
    o.checkpoint = [&](const RankedTableBase& t) {
      crossed_again |= t.stage().phase < from.phase ||
                       (t.stage().phase == from.phase && t.stage().next <= from.next);
      return absl::OkStatus();
    };
    absl::StatusOr<RankedTable<Game>> t = RankedTable<Game>::solve(g, g.start(), o, &*resume);
    ASSERT_TRUE(t.ok()) << t.status();
    EXPECT_FALSE(crossed_again);
    ASSERT_TRUE(save_ranked(file, *t, identity_of(g), "table").ok());
    const std::string got = read_all(file);
    EXPECT_EQ(got.size(), want.size());
    EXPECT_TRUE(got == want) << "the resumed table differs from the uninterrupted solve's";
  }
}

// ------------------------------------------------------------ the driver

using sente::testing::sente;

nlohmann::json solve_json(const std::string& args) {
  const sente::testing::Result r = sente(args + " --json --quiet", true);
  EXPECT_EQ(r.code, 0) << args << "\n" << r.out;
  return r.code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

double stat(const nlohmann::json& j, const std::string& name) {
  for (const auto& s : j["stats"])
    if (s["name"] == name) return s["value"].get<double>();
  return -1;
}

// `sente solve --table F` writes F (and no checkpoint is left); the next run
// loads it; analyze loads it too; another variant's run and a corrupt F
// are refused with F named.
TEST_F(GobbletTableFile, DriverWritesLoadsAndRefusesTableFiles) {
  const std::string file = path("gg-1x3.sente");
  const std::string variant_args = "gobblet-gobblers --set pieces=1 --set sizes=3 --table " + file;
  const nlohmann::json first = solve_json("solve " + variant_args);
  ASSERT_TRUE(fs::exists(file));
  EXPECT_FALSE(fs::exists(file + ".checkpoint"));
  EXPECT_EQ(first["engine"], "tablebase");
  EXPECT_EQ(first["engine_detail"].get<std::string>().find("loaded"), std::string::npos);

  const nlohmann::json second = solve_json("solve " + variant_args);
  EXPECT_NE(second["engine_detail"].get<std::string>().find("loaded"), std::string::npos)
      << second["engine_detail"];
  EXPECT_EQ(second["value"], first["value"]);
  EXPECT_EQ(stat(second, "positions"), stat(first, "positions"));
  EXPECT_EQ(stat(second, "wins"), stat(first, "wins"));
  EXPECT_EQ(stat(second, "draws"), stat(first, "draws"));

  const nlohmann::json analysed = solve_json("analyze " + variant_args);
  EXPECT_NE(analysed["engine_detail"].get<std::string>().find("loaded"), std::string::npos);
  EXPECT_EQ(analysed["moves"].size(), 27u);

  // Another variant given the same file: refused, not overwritten.
  const std::string before = read_all(file);
  const sente::testing::Result other =
      sente("solve gobblet-gobblers --set pieces=2 --set sizes=2 --table " + file + " --quiet");
  EXPECT_NE(other.code, 0) << other.out;
  EXPECT_NE(other.out.find(file), std::string::npos) << other.out;
  EXPECT_NE(other.out.find("rules"), std::string::npos) << other.out;
  EXPECT_EQ(read_all(file), before);

  // A flipped byte in the middle of the file.
  std::string damaged = before;
  damaged[damaged.size() / 2] = static_cast<char>(damaged[damaged.size() / 2] ^ 0x10);
  write_all(file, damaged);
  const sente::testing::Result corrupt = sente("solve " + variant_args + " --quiet");
  EXPECT_NE(corrupt.code, 0) << corrupt.out;
  EXPECT_NE(corrupt.out.find(file), std::string::npos) << corrupt.out;
  EXPECT_NE(corrupt.out.find("corrupt"), std::string::npos) << corrupt.out;
}

// The driver killed (SIGKILL) once its first checkpoint is on disk, then
// run again: it resumes, writes the same table file as an uninterrupted
// run, and removes the checkpoint.
TEST_F(GobbletTableFile, DriverKilledAndRunAgainWritesTheSameTable) {
  const std::string args = "gobblet-gobblers --set pieces=1 --set sizes=3 --quiet --table ";
  const std::string reference = path("reference.sente"), file = path("killed.sente");
  ASSERT_EQ(sente("solve " + args + reference).code, 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(SENTE_DRIVER, SENTE_DRIVER, "solve", "gobblet-gobblers", "--set", "pieces=1", "--set",
          "sizes=3", "--set", "checkpoint-every=0", "--quiet", "--table", file.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  bool killed = false;
  for (int i = 0; i < 60000; ++i) {  // up to a minute
    if (fs::exists(file + ".checkpoint")) {
      killed = ::kill(child, SIGKILL) == 0;
      break;
    }
    if (waitpid(child, nullptr, WNOHANG) == child) break;  // finished first
    usleep(1000);
  }
  waitpid(child, nullptr, 0);
  ASSERT_TRUE(killed) << "the driver wrote no checkpoint before it finished";
  ASSERT_FALSE(fs::exists(file)) << "killed after the table was written";
  ASSERT_EQ(sente("solve " + args + file + " --set checkpoint-every=0").code, 0);
  EXPECT_FALSE(fs::exists(file + ".checkpoint"));
  EXPECT_TRUE(read_all(file) == read_all(reference));
}

// Issue 23 case 8: a checkpoint that cannot be written (here a directory
// where its temporary file goes) is a warning, and the solve goes on to
// write the table (before: exit 6, and every resume died at the same point).
TEST_F(GobbletTableFile, ACheckpointThatCannotBeWrittenIsAWarning) {
  const std::string file = path("t.sente");
  fs::create_directory(file + ".checkpoint.tmp");
  const sente::testing::Result r = sente::testing::sente(
      "solve gobblet-gobblers --set pieces=1 --set sizes=3 --quiet --set checkpoint-every=0 "
      "--table " +
      file);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("sente: warning: a checkpoint was not written ("), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(".checkpoint.tmp is a directory"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the solve goes on without it"), std::string::npos) << r.out;
  // Said once, not at every tier and round.
  EXPECT_EQ(r.out.find("warning", r.out.find("warning") + 1), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(file));
  EXPECT_FALSE(fs::exists(file + ".checkpoint"));
  EXPECT_TRUE(open(file).ok());
}

// The disk a solve into a table file needs (issue 23 case 8), as sizes:
// ranked_file_bytes is the file's size up to the header's figures, and the
// room check refuses with both sizes once the table does not fit.
TEST_F(GobbletTableFile, TheDiskRoomForATableIsKnownBeforeTheSolve) {
  const std::uint64_t n = index_size(game_);
  const std::uint64_t bytes = fs::file_size(saved());
  const std::uint64_t estimate = ranked_file_bytes(identity_of(game_), n, solved().values().size());
  EXPECT_GE(estimate, bytes);
  EXPECT_LE(estimate, bytes + 400);
  // Before reaching, the values are not counted: the reachable set alone.
  EXPECT_LE(ranked_file_bytes(identity_of(game_), n, 0), bytes - solved().values().size() + 400);
  // A checkpoint during the resolution is as large as the table.
  const std::string checkpoint = path("c.checkpoint");
  ASSERT_TRUE(save_ranked(checkpoint, solved(), identity_of(game_), "checkpoint").ok());
  EXPECT_GE(estimate, fs::file_size(checkpoint));

  EXPECT_TRUE(check_table_room("dir/t.sente", 1000, 1000, true).ok());
  const absl::Status exact = check_table_room("dir/t.sente", 398'662, 398'661, true);
  EXPECT_TRUE(absl::IsResourceExhausted(exact)) << exact;
  EXPECT_NE(exact.message().find("not enough disk space for the table file dir/t.sente: it needs "
                                 "389 KiB (398662 bytes), 389 KiB (398661 bytes) is free in dir"),
            absl::string_view::npos)
      << exact;
  const absl::Status lower = check_table_room("t.sente", 5'000'000, 0, false);
  EXPECT_NE(
      lower.message().find("it needs at least 4.77 MiB (5000000 bytes), 0 B (0 bytes) is "
                           "free in .; free disk space or give --table a file on another disk"),
      absl::string_view::npos)
      << lower;
}

// The same through the driver, on a file system too small for the table (a
// tmpfs of our own; skipped where mounting is not allowed): refused with
// exit 5 before the solve when even the reachable set does not fit, and once
// reaching is done when the whole table does not (before: after the whole
// solve, with exit 6).
TEST_F(GobbletTableFile, DriverRefusesATableTheDiskCannotHold) {
  const std::string args = "solve gobblet-gobblers --set pieces=1 --set sizes=3 --quiet --table ";
  // 64 KiB: not even the reachable set (210 KiB); 320 KiB: the set but not
  // the values (the table is 389 KiB).
  for (const auto& [kib, needs] :
       {std::pair<int, std::string>{64, "it needs at least "}, {320, "it needs 3"}}) {
    SCOPED_TRACE(kib);
    const fs::path mount = dir_ / absl::StrCat("disk", kib);
    fs::create_directories(mount);
    const sente::testing::Result mounted = sente::testing::run_command(
        absl::StrCat("mount -t tmpfs -o size=", kib, "k tmpfs ", mount.string(), " 2>&1"));
    if (mounted.code != 0) GTEST_SKIP() << "cannot mount a tmpfs here: " << mounted.out;
    const std::string file = (mount / "t.sente").string();
    const sente::testing::Result r = sente::testing::sente(args + file);
    EXPECT_EQ(r.code, 5) << r.out;
    EXPECT_NE(r.out.find("not enough disk space for the table file " + file + ": " + needs),
              std::string::npos)
        << r.out;
    EXPECT_TRUE(fs::is_empty(mount))
        << "left on the disk: " << fs::directory_iterator(mount)->path();
    sente::testing::run_command("umount " + mount.string());
  }
}

// A table holds positions up to symmetry, or all of them (the engine option
// symmetry=off); the file does not say which. Read with the other setting,
// a reachable position one move from the start must not be reported
// unreachable: either its value, or a refusal that names the setting.
TEST_F(GobbletTableFile, DriverReadsATableWithTheSymmetryItWasSolvedWith) {
  const std::string file = path("symmetric.sente");
  const std::string args = "gobblet-gobblers --set pieces=1 --set sizes=3 --table " + file;
  const nlohmann::json whole = solve_json("solve " + args + " Sc3");
  const sente::testing::Result other =
      sente("solve " + args + " --set symmetry=off --json Sc3", true);
  if (other.code == 0) {
    EXPECT_EQ(nlohmann::json::parse(other.out)["value_text"], whole["value_text"]);
  } else {
    const std::string message = sente("solve " + args + " --set symmetry=off Sc3").out;
    EXPECT_NE(message.find("symmetry"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace sente::gobblet_gobblers
