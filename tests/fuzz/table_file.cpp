// Table files (support/table_file.hpp) as `--table FILE` reads them: the
// file's own checks (magic, version, directory, checksum, header), then the
// table of a small Gobblet Gobblers variant (one piece of each of two sizes,
// 37 blocks of the ranked set) through its tablebase engine, which checks
// the ranked sections and reads every reachable position's value (`sente
// table`'s pass over the table).
//
// Input: one flag byte, then the file. A fuzzer cannot forge a CRC-32, so
// when the flag is odd the checksum field (12 bytes before the end, as the
// writer places it) is set to the checksum of the bytes before it, and the
// checks after the checksum are reached.
#include <zlib.h>

#include <cstring>
#include <string>

#include "fuzz_input.hpp"
#include "gobblet_gobblers/game.hpp"
#include "sente/plugin/registry.hpp"
#include "sente/support/table_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string file(sente::fuzz::as_text(data + 1, size - 1));
  if ((data[0] & 1) && file.size() >= 12) {
    const std::size_t at = file.size() - 12;
    const auto crc = static_cast<std::uint32_t>(
        crc32_z(crc32_z(0, nullptr, 0), reinterpret_cast<const Bytef*>(file.data()), at));
    std::memcpy(file.data() + at, &crc, 4);
  }
  static const sente::fuzz::ScratchFile scratch("table.tbl");
  const std::string& path = scratch.write(file);
  if (absl::StatusOr<sente::MappedTable> t = sente::MappedTable::open(path); t.ok())
    for (const std::string& name : t->section_names()) (void)t->section_as<std::uint64_t>(name);
  // A file the engine cannot use is refused; one it takes as absent is
  // solved (the variant is tiny) and written over the scratch file.
  (void)sente::plugin::table_game<sente::gobblet_gobblers::Game>(
      {{"pieces", "1"}, {"sizes", "2"}, {"table", path}}, {});
  return 0;
}
