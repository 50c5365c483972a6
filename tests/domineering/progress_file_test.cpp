// The progress file (plugin/progress_file.hpp) on a Domineering solve: what
// is there and cannot be read is refused and left alone, errors name their
// line counting blank ones, links are written through and a link planted at
// F.tmp is never followed, and values outside the game's range are searched.
#include "sente/plugin/progress_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "game.hpp"
#include "sente/engines/alphabeta.hpp"
#include "sente/testing/scratch_dir.hpp"

namespace sente::domineering {
namespace {

namespace fs = std::filesystem;
using Game = domineering::Game<1>;
using File = plugin::ProgressFile<Game>;

class ProgressFileTest : public ::testing::Test {
 protected:
  static std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

  const Game game_{*Board<1>::make(4, 4)};
  testing::ScratchDir dir_{"sente-progress-file"};
};

TEST_F(ProgressFileTest, AFileThatCannotBeReadIsRefusedAndKept) {
  const fs::path fifo = dir_ / "F";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto f = File::open(game_, game_.start(), fifo.string());
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), absl::StatusCode::kInvalidArgument) << f.status();
  EXPECT_NE(f.status().message().find("--progress-file"), std::string::npos) << f.status();
  EXPECT_TRUE(fs::is_fifo(fifo));  // not replaced by an empty progress file
}

TEST_F(ProgressFileTest, ErrorsNameTheirLineCountingBlankOnes) {
  const fs::path p = dir_ / "F";
  write(p, "sente-progress 2\n\n\nposition x V\nmove b1-b2\tnot-a-number\t5\n");
  const auto f = File::open(game_, game_.start(), p.string());
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.status().message().find(p.string() + ":5:"), std::string::npos) << f.status();
  write(p, "sente-progress 2\r\n");
  const auto crlf = File::open(game_, game_.start(), p.string());
  ASSERT_FALSE(crlf.ok());
  EXPECT_NE(crlf.status().message().find("carriage return"), std::string::npos) << crlf.status();
}

TEST_F(ProgressFileTest, ALinkIsWrittenThroughAndALinkAtTmpIsNotFollowed) {
  const fs::path target = dir_ / "target", link = dir_ / "link", victim = dir_ / "victim";
  write(target, "sente-progress 1\n");
  fs::create_symlink(target, link);
  write(victim, "keep me\n");
  fs::create_symlink(victim, fs::path(target.string() + ".tmp"));
  auto f = File::open(game_, game_.start(), link.string());
  ASSERT_TRUE(f.ok()) << f.status();
  auto engine = AlphaBeta<Game>::create(game_, {});
  ASSERT_TRUE(engine.ok());
  ASSERT_TRUE(engine->solve(game_.start(), (*f)->journal()).resolved);
  ASSERT_TRUE((*f)->write_status().ok()) << (*f)->write_status();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read(target).rfind("sente-progress 2\nposition ", 0), 0u) << read(target);
  EXPECT_NE(read(target).find("\nmove "), std::string::npos) << read(target);
  EXPECT_EQ(read(victim), "keep me\n");
}

// A hand-edited value outside win/loss is not a value: the move is searched.
TEST_F(ProgressFileTest, ValuesOutsideTheRangeAreSearched) {
  const fs::path p = dir_ / "F";
  auto fresh = AlphaBeta<Game>::create(game_, {});
  ASSERT_TRUE(fresh.ok());
  const SearchResult truth = fresh->solve(game_.start());
  ASSERT_TRUE(truth.resolved);
  // Every root move recorded with a value no search can give.
  std::string text = "sente-progress 2\nposition " + game_.format(game_.start()) + " " +
                     game_.to_move(game_.start()) + "\n";
  game_.for_each_move(game_.start(), [&](Move m) {
    text += "move " + game_.move_name(game_.start(), m) + "\t-2147483648\t5\n";
  });
  write(p, text);
  auto f = File::open(game_, game_.start(), p.string());
  ASSERT_TRUE(f.ok()) << f.status();
  auto engine = AlphaBeta<Game>::create(game_, {});
  ASSERT_TRUE(engine.ok());
  const SearchResult r = engine->solve(game_.start(), (*f)->journal());
  ASSERT_TRUE(r.resolved);
  EXPECT_EQ(r.value, truth.value);
}

}  // namespace
}  // namespace sente::domineering
