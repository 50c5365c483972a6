// Table files: the round trip, the byte layout against the format documented
// in table_file.hpp (parsed here by hand, the CRC recomputed with zlib), and
// the refusals: every truncation and every single-byte bit flip of a small
// file, wrong game / rules / engine / kind, a write killed midway, a missing
// directory, a full disk.
#include <signal.h>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "sente/support/table_file.hpp"

namespace sente {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test, removed afterwards.
class TableFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           absl::StrCat("sente-table-file-", ::getpid(), "-", info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

std::vector<std::byte> random_bytes(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::byte> out(n);
  for (std::byte& b : out) b = static_cast<std::byte>(rng() & 0xff);
  return out;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
// A new file each time: ext4 flushes a file truncated and rewritten in place
// on close (auto_da_alloc), which would make the loops below slow.
void write_all(const std::string& path, const std::string& bytes) {
  fs::remove(path);
  std::ofstream(path, std::ios::binary) << bytes;
}

TableHeader sample_header() {
  TableHeader h;
  h.game = "gobblet-gobblers";
  h.rules = "reveal=on stacking=on";
  h.engine = "retrograde-ranked";
  h.kind = "table";
  h.fields = {{"root", "0x0123456789abcdef"}, {"positions", "12345"}, {"note", "a=b, with '='"}};
  return h;
}

// Four sections of awkward sizes (one empty, none a multiple of 64 but the
// first), so the padding and alignment rules all come into play.
struct Sample {
  std::vector<std::uint64_t> words;
  std::vector<std::byte> values, tiny;
  std::vector<TableSection> sections() const {
    return {{"bitmap", std::as_bytes(std::span(words))},
            {"empty", {}},
            {"values", values},
            {"tiny", tiny}};
  }
};
Sample sample(std::size_t words, std::size_t values) {
  Sample s;
  std::mt19937_64 rng(7);
  for (std::size_t i = 0; i < words; ++i) s.words.push_back(rng());
  s.values = random_bytes(values, 11);
  s.tiny = random_bytes(3, 13);
  return s;
}

// The file parsed by hand from the documented layout.
struct Parsed {
  std::uint32_t version = 0, text_bytes = 0;
  std::string text;
  struct Entry {
    std::string name;
    std::uint64_t at = 0, offset = 0, size = 0;  // at = where the entry starts
  };
  std::vector<Entry> entries;
  std::uint64_t dir_end = 0, trailer = 0;
};
template <class T>
T load(const std::string& f, std::uint64_t at) {
  T v;
  std::memcpy(&v, f.data() + at, sizeof v);
  return v;
}
Parsed parse(const std::string& f) {
  Parsed p;
  p.version = load<std::uint32_t>(f, 8);
  p.text_bytes = load<std::uint32_t>(f, 12);
  p.text = f.substr(16, p.text_bytes);
  std::uint64_t pos = 16 + p.text_bytes;
  const auto n = load<std::uint32_t>(f, pos);
  pos += 4;
  for (std::uint32_t i = 0; i < n; ++i) {
    Parsed::Entry e;
    e.at = pos;
    const auto len = load<std::uint32_t>(f, pos);
    e.name = f.substr(pos + 4, len);
    e.offset = load<std::uint64_t>(f, pos + 4 + len);
    e.size = load<std::uint64_t>(f, pos + 4 + len + 8);
    pos += 4 + len + 16;
    p.entries.push_back(e);
  }
  p.dir_end = pos;
  p.trailer = p.entries.empty() ? pos : p.entries.back().offset + p.entries.back().size;
  return p;
}

std::string message(const absl::Status& s) {
  return std::string(s.message());
}

TEST_F(TableFileTest, RoundTripKeepsHeaderAndSections) {
  const Sample s = sample(1000, 777);
  const std::string file = path("t.sente");
  ASSERT_TRUE(write_table_file(file, sample_header(), s.sections()).ok());
  EXPECT_FALSE(fs::exists(file + ".tmp"));

  absl::StatusOr<MappedTable> t = MappedTable::open(file, {"gobblet-gobblers", "", "", "table"});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->header(), sample_header());
  EXPECT_EQ(t->header().field("positions"), "12345");
  EXPECT_EQ(t->header().field("note"), "a=b, with '='");
  EXPECT_EQ(t->header().field("absent"), std::nullopt);
  EXPECT_EQ(t->file_bytes(), fs::file_size(file));
  EXPECT_EQ(t->section_names(), (std::vector<std::string>{"bitmap", "empty", "values", "tiny"}));

  for (const TableSection& want : s.sections()) {
    absl::StatusOr<std::span<const std::byte>> got = t->section(want.name);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(got->size(), want.bytes.size()) << want.name;
    EXPECT_TRUE(std::equal(got->begin(), got->end(), want.bytes.begin(), want.bytes.end()))
        << want.name;
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(got->data()) % 64, 0u) << want.name;
  }
  absl::StatusOr<std::span<const std::uint64_t>> words = t->section_as<std::uint64_t>("bitmap");
  ASSERT_TRUE(words.ok()) << words.status();
  EXPECT_TRUE(std::equal(words->begin(), words->end(), s.words.begin(), s.words.end()));
  EXPECT_EQ(t->section_as<std::uint64_t>("values").status().code(),
            absl::StatusCode::kInvalidArgument);  // 777 bytes

  absl::StatusOr<std::span<const std::byte>> missing = t->section("counts");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(message(missing.status()).find("bitmap, empty, values, tiny"), std::string::npos)
      << missing.status();

  // Moves hand the mapping over.
  MappedTable a = std::move(*t);
  MappedTable b = std::move(a);
  EXPECT_EQ(b.section("tiny")->size(), 3u);
  EXPECT_EQ(a.file_bytes(), 0u);
}

TEST_F(TableFileTest, NoSectionsAndNoFields) {
  const std::string file = path("t.sente");
  TableHeader h;
  h.game = "g";
  h.kind = "checkpoint";  // rules and engine empty
  ASSERT_TRUE(write_table_file(file, h, {}).ok());
  absl::StatusOr<MappedTable> t = MappedTable::open(file, {"g", "", "", "checkpoint"});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->header(), h);
  EXPECT_TRUE(t->section_names().empty());
}

TEST_F(TableFileTest, FormatIsAsDocumented) {
  const Sample s = sample(100, 77);
  const std::string file = path("t.sente");
  ASSERT_TRUE(write_table_file(file, sample_header(), s.sections()).ok());
  const std::string f = read_all(file);
  ASSERT_GE(f.size(), 28u);
  EXPECT_EQ(f.substr(0, 8), "SENTETBL");
  const Parsed p = parse(f);
  EXPECT_EQ(p.version, 1u);
  EXPECT_EQ(p.text,
            "game=gobblet-gobblers\nrules=reveal=on stacking=on\nengine=retrograde-ranked\n"
            "kind=table\nroot=0x0123456789abcdef\npositions=12345\nnote=a=b, with '='\n");
  const std::vector<TableSection> want = s.sections();
  ASSERT_EQ(p.entries.size(), want.size());
  std::uint64_t end = p.dir_end;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const Parsed::Entry& e = p.entries[i];
    EXPECT_EQ(e.name, want[i].name);
    EXPECT_EQ(e.size, want[i].bytes.size());
    EXPECT_EQ(e.offset % 64, 0u);
    EXPECT_GE(e.offset, end);
    EXPECT_LT(e.offset, end + 64);  // the next multiple of 64, no further
    for (std::uint64_t z = end; z < e.offset; ++z) EXPECT_EQ(f[z], '\0') << "padding at " << z;
    if (e.size > 0) {  // an empty section's bytes may have no storage (memcmp of null)
      EXPECT_EQ(0, std::memcmp(f.data() + e.offset, want[i].bytes.data(), e.size));
    }
    end = e.offset + e.size;
  }
  EXPECT_EQ(p.trailer, end);
  ASSERT_EQ(f.size(), p.trailer + 12);
  const auto crc = static_cast<std::uint32_t>(
      crc32_z(crc32_z(0, nullptr, 0), reinterpret_cast<const Bytef*>(f.data()), p.trailer));
  EXPECT_EQ(load<std::uint32_t>(f, p.trailer), crc);
  EXPECT_EQ(f.substr(p.trailer + 4), "SENTEEND");
}

TEST_F(TableFileTest, AbsentFileIsNotFound) {
  absl::StatusOr<MappedTable> t = MappedTable::open(path("none.sente"), {});
  EXPECT_EQ(t.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(message(t.status()).find("none.sente"), std::string::npos);
}

TEST_F(TableFileTest, DirectoryIsNotATableFile) {
  absl::StatusOr<MappedTable> t = MappedTable::open(dir_.string(), {});
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument) << t.status();
}

TEST_F(TableFileTest, EveryTruncationIsRefused) {
  const Sample s = sample(64, 77);
  const std::string good = path("good.sente"), cut = path("cut.sente");
  ASSERT_TRUE(write_table_file(good, sample_header(), s.sections()).ok());
  const std::string f = read_all(good);
  for (std::size_t len = 0; len < f.size(); ++len) {
    write_all(cut, f.substr(0, len));
    absl::StatusOr<MappedTable> t = MappedTable::open(cut, {});
    ASSERT_FALSE(t.ok()) << "length " << len;
    const std::string m = message(t.status());
    EXPECT_NE(m.find(cut), std::string::npos) << m;
    if (len < 8) {
      EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument) << m;
      EXPECT_NE(m.find("not a Sente table file"), std::string::npos) << m;
    } else {
      EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss) << m;
      EXPECT_NE(m.find("truncated"), std::string::npos) << m;
      EXPECT_NE(m.find(absl::StrCat("the file has ", len)), std::string::npos) << m;
      EXPECT_NE(m.find("delete it and solve again"), std::string::npos) << m;
    }
  }
  // The full length from the directory is named once the directory is whole.
  write_all(cut, f.substr(0, f.size() - 1));
  const std::string m = message(MappedTable::open(cut, {}).status());
  EXPECT_NE(m.find(absl::StrCat("needs ", f.size(), " bytes")), std::string::npos) << m;
}

TEST_F(TableFileTest, ExtraBytesAreRefused) {
  const Sample s = sample(64, 77);
  const std::string file = path("t.sente");
  ASSERT_TRUE(write_table_file(file, sample_header(), s.sections()).ok());
  const std::string f = read_all(file);
  write_all(file, f + "x");
  absl::StatusOr<MappedTable> t = MappedTable::open(file, {});
  EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(message(t.status()).find(absl::StrCat("describes ", f.size(), " bytes")),
            std::string::npos)
      << t.status();
}

TEST_F(TableFileTest, EveryBitFlipIsRefused) {
  const Sample s = sample(64, 77);
  const std::string good = path("good.sente"), bad = path("bad.sente");
  ASSERT_TRUE(write_table_file(good, sample_header(), s.sections()).ok());
  const std::string f = read_all(good);
  for (std::size_t at = 0; at < f.size(); ++at) {
    std::string g = f;
    g[at] = static_cast<char>(g[at] ^ (1 << (at % 8)));
    write_all(bad, g);
    absl::StatusOr<MappedTable> t = MappedTable::open(bad, {});
    EXPECT_FALSE(t.ok()) << "bit " << at % 8 << " of byte " << at;
  }
}

// One flip in each part of the file, with the error each part should give.
TEST_F(TableFileTest, BitFlipsSayWhatIsWrong) {
  const Sample s = sample(64, 77);
  const std::string good = path("good.sente"), bad = path("bad.sente");
  ASSERT_TRUE(write_table_file(good, sample_header(), s.sections()).ok());
  const std::string f = read_all(good);
  const Parsed p = parse(f);
  const Parsed::Entry& values = p.entries[2];
  const std::uint64_t values_name = values.at + 4;
  const std::uint64_t values_offset = values_name + values.name.size();
  const Parsed::Entry& last = p.entries.back();
  const std::uint64_t last_size = last.at + 4 + last.name.size() + 8;
  struct Case {
    const char* part;
    std::uint64_t at;
    int bit;
    absl::StatusCode code;
    const char* says;
  };
  const Case cases[] = {
      {"magic", 3, 0, absl::StatusCode::kInvalidArgument, "not a Sente table file"},
      {"version", 8, 1, absl::StatusCode::kFailedPrecondition, "format version 3"},
      {"header length", 12, 0, absl::StatusCode::kDataLoss, "is "},
      {"header text", 20, 2, absl::StatusCode::kDataLoss, "checksum differs"},
      {"section count", 16 + p.text_bytes, 0, absl::StatusCode::kDataLoss, "is "},
      {"section name", values_name, 0, absl::StatusCode::kDataLoss, "checksum differs"},
      {"section offset", values_offset, 6, absl::StatusCode::kDataLoss, "directory puts section"},
      {"last section's size (smaller)", last_size, 0, absl::StatusCode::kDataLoss, "too many"},
      {"last section's size (larger)", last_size, 7, absl::StatusCode::kDataLoss,
       "ends like a complete table file"},
      {"padding", p.entries[0].offset - 1, 4, absl::StatusCode::kDataLoss, "checksum differs"},
      {"data", p.entries[0].offset + 100, 5, absl::StatusCode::kDataLoss, "checksum differs"},
      {"last data byte", p.trailer - 1, 7, absl::StatusCode::kDataLoss, "checksum differs"},
      {"checksum", p.trailer + 2, 3, absl::StatusCode::kDataLoss, "checksum differs"},
      {"end magic", p.trailer + 9, 0, absl::StatusCode::kDataLoss, "end marker"},
  };
  ASSERT_EQ(p.entries[0].offset % 64, 0u);
  ASSERT_NE(p.entries[0].offset, p.dir_end);  // there is padding to flip
  ASSERT_EQ(last.size % 2, 1u);               // bit 0 of its size makes it smaller
  for (const Case& c : cases) {
    std::string g = f;
    g[c.at] = static_cast<char>(g[c.at] ^ (1 << c.bit));
    write_all(bad, g);
    absl::StatusOr<MappedTable> t = MappedTable::open(bad, {});
    ASSERT_FALSE(t.ok()) << c.part;
    EXPECT_EQ(t.status().code(), c.code) << c.part << ": " << t.status();
    EXPECT_NE(message(t.status()).find(c.says), std::string::npos) << c.part << ": " << t.status();
    EXPECT_NE(message(t.status()).find(bad), std::string::npos) << c.part << ": " << t.status();
  }
}

TEST_F(TableFileTest, WrongGameRulesEngineOrKindIsRefusedWithBothValues) {
  const std::string file = path("t.sente");
  ASSERT_TRUE(write_table_file(file, sample_header(), {}).ok());
  const TableHeader h = sample_header();
  struct Case {
    TableExpect expect;
    std::string have, want;
  };
  const Case cases[] = {
      {{"tic-tac-toe", h.rules, h.engine, h.kind}, h.game, "tic-tac-toe"},
      {{h.game, "reveal=off stacking=on", h.engine, h.kind}, h.rules, "reveal=off stacking=on"},
      {{h.game, h.rules, "retrograde", h.kind}, h.engine, "retrograde"},
      {{h.game, h.rules, h.engine, "checkpoint"}, h.kind, "checkpoint"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<MappedTable> t = MappedTable::open(file, c.expect);
    ASSERT_FALSE(t.ok()) << c.want;
    EXPECT_EQ(t.status().code(), absl::StatusCode::kFailedPrecondition) << t.status();
    const std::string m = message(t.status());
    EXPECT_NE(m.find("\"" + c.have + "\""), std::string::npos) << m;
    EXPECT_NE(m.find("\"" + c.want + "\""), std::string::npos) << m;
    EXPECT_NE(m.find("give --table a different file"), std::string::npos) << m;
  }
  EXPECT_TRUE(MappedTable::open(file, {h.game, h.rules, h.engine, h.kind}).ok());
  EXPECT_TRUE(MappedTable::open(file, {}).ok());  // empty = not checked
}

// A child process writing a second table is killed midway (SIGKILL from its
// own progress callback after the first 64 MiB): the first table is intact,
// the .tmp is ignored, and the next write replaces it.
TEST_F(TableFileTest, KilledWriteLeavesTheOldTable) {
  const std::string file = path("t.sente");
  const Sample s = sample(64, 77);
  ASSERT_TRUE(write_table_file(file, sample_header(), s.sections()).ok());
  const std::string before = read_all(file);

  const std::size_t big = std::size_t{96} << 20;  // zero pages, never allocated
  void* zeros = ::mmap(nullptr, big, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(zeros, MAP_FAILED);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    TableHeader h = sample_header();
    h.rules = "second";
    const TableSection section{"big", {static_cast<const std::byte*>(zeros), big}};
    (void)write_table_file(file, h, std::span(&section, 1),
                           [](std::uint64_t done, std::uint64_t total) {
                             if (done < total) ::raise(SIGKILL);
                           });
    ::_exit(0);  // not reached unless the callback never ran mid-write
  }
  int wstatus = 0;
  ASSERT_EQ(::waitpid(child, &wstatus, 0), child);
  ::munmap(zeros, big);
  ASSERT_TRUE(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL) << wstatus;

  ASSERT_TRUE(fs::exists(file + ".tmp"));
  EXPECT_LT(fs::file_size(file + ".tmp"), big);
  EXPECT_EQ(read_all(file), before);
  absl::StatusOr<MappedTable> t = MappedTable::open(file, {});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->header(), sample_header());

  // Only the .tmp left: the table is absent, not bad.
  fs::remove(file);
  EXPECT_EQ(MappedTable::open(file, {}).status().code(), absl::StatusCode::kNotFound);

  ASSERT_TRUE(write_table_file(file, sample_header(), s.sections()).ok());
  EXPECT_FALSE(fs::exists(file + ".tmp"));
  EXPECT_EQ(read_all(file), before);
}

// Even a .tmp that is a complete valid table is never what open reads.
TEST_F(TableFileTest, LeftoverTmpIsNeverRead) {
  const std::string file = path("t.sente");
  TableHeader other = sample_header();
  other.game = "other";
  ASSERT_TRUE(write_table_file(file + ".tmp", other, {}).ok());
  ASSERT_TRUE(fs::exists(file + ".tmp"));
  EXPECT_EQ(MappedTable::open(file, {}).status().code(), absl::StatusCode::kNotFound);
  ASSERT_TRUE(write_table_file(file, sample_header(), {}).ok());
  EXPECT_FALSE(fs::exists(file + ".tmp"));
  absl::StatusOr<MappedTable> t = MappedTable::open(file, {});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->header().game, "gobblet-gobblers");
}

TEST_F(TableFileTest, MissingDirectoryFailsCleanly) {
  const fs::path missing = dir_ / "no-such-dir";
  const std::string file = (missing / "t.sente").string();
  const absl::Status s = write_table_file(file, sample_header(), {});
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound) << s;
  EXPECT_NE(message(s).find(missing.string()), std::string::npos) << s;
  EXPECT_FALSE(fs::exists(missing));
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(TableFileTest, NotEnoughDiskSpaceIsRefused) {
  struct statvfs st {};
  ASSERT_EQ(::statvfs(dir_.c_str(), &st), 0);
  const std::uint64_t free = static_cast<std::uint64_t>(st.f_bavail) * st.f_frsize;
  // A reserved, inaccessible range larger than the free space: the check
  // must refuse before reading a byte of it.
  const std::size_t big = free + (std::uint64_t{1} << 30);
  void* range = ::mmap(nullptr, big, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (range == MAP_FAILED) GTEST_SKIP() << "cannot reserve " << big << " bytes of address space";
  const TableSection section{"huge", {static_cast<const std::byte*>(range), big}};
  const std::string file = path("t.sente");
  const absl::Status s = write_table_file(file, sample_header(), std::span(&section, 1));
  ::munmap(range, big);
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted) << s;
  EXPECT_NE(message(s).find("not enough disk space"), std::string::npos) << s;
  EXPECT_NE(message(s).find("the table needs"), std::string::npos) << s;
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(TableFileTest, BadNamesAndValuesAreRefused) {
  const std::string file = path("t.sente");
  auto refused = [&](const TableHeader& h, std::vector<TableSection> sections) {
    const absl::Status s = write_table_file(file, h, sections);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_TRUE(fs::is_empty(dir_));
  };
  TableHeader h = sample_header();
  h.rules = "two\nlines";
  refused(h, {});
  h = sample_header();
  h.fields.emplace_back("game", "again");
  refused(h, {});
  h = sample_header();
  h.fields.emplace_back("positions", "twice");
  refused(h, {});
  h = sample_header();
  h.fields.emplace_back("a=b", "c");
  refused(h, {});
  h = sample_header();
  h.fields.emplace_back("", "c");
  refused(h, {});
  refused(sample_header(), {{"x", {}}, {"x", {}}});
  refused(sample_header(), {{"", {}}});
}

// A mapped table stays as it was while the file is replaced (new inode).
TEST_F(TableFileTest, MappedTableSurvivesReplacement) {
  const std::string file = path("t.sente");
  const std::vector<std::byte> one = random_bytes(5000, 1), two = random_bytes(6000, 2);
  ASSERT_TRUE(write_table_file(file, sample_header(), std::vector<TableSection>{{"v", one}}).ok());
  absl::StatusOr<MappedTable> first = MappedTable::open(file, {});
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(write_table_file(file, sample_header(), std::vector<TableSection>{{"v", two}}).ok());
  absl::StatusOr<MappedTable> second = MappedTable::open(file, {});
  ASSERT_TRUE(second.ok()) << second.status();
  const std::span<const std::byte> a = *first->section("v"), b = *second->section("v");
  EXPECT_TRUE(std::equal(a.begin(), a.end(), one.begin(), one.end()));
  EXPECT_TRUE(std::equal(b.begin(), b.end(), two.begin(), two.end()));
}

TEST_F(TableFileTest, ProgressCountsBytes) {
  const Sample s = sample(1000, 777);
  const std::string file = path("t.sente");
  std::vector<std::pair<std::uint64_t, std::uint64_t>> wrote, checked;
  ASSERT_TRUE(
      write_table_file(file, sample_header(), s.sections(), [&](std::uint64_t d, std::uint64_t t) {
        wrote.emplace_back(d, t);
      }).ok());
  const std::uint64_t size = fs::file_size(file);
  ASSERT_FALSE(wrote.empty());
  EXPECT_EQ(wrote.back(), std::make_pair(size, size));
  ASSERT_TRUE(MappedTable::open(file, {}, [&](std::uint64_t d, std::uint64_t t) {
                checked.emplace_back(d, t);
              }).ok());
  ASSERT_FALSE(checked.empty());
  EXPECT_EQ(checked.back(), std::make_pair(size - 12, size - 12));  // all but the trailer
}

}  // namespace
}  // namespace sente
