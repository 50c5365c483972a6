// Strips: rows of cells over an alphabet of three letters, several strips a
// sum (one-dimensional games: Toads and Frogs, Toppling Dominoes, ...),
// packed in one 64-bit word so that a position is a small value.
//
// Layout: slot i is bits [2i, 2i + 2), from the low end; a cell is the code
// 1, 2 or 3 of its letter (letters[code - 1]), and the code 0 is a break
// between two strips. Past the last strip every slot is 0, so a word holds at
// most kMaxSlots = 32 cells and breaks in all, and the word 0 is no strips.
// Strips are never empty (an empty strip has no cell to mark it).
//
//   constexpr authoring::StripCode kCode{".TF"};
//   std::uint64_t w = kCode.pack({"TT..FF", "T.F"});  // 6 + 1 + 3 = 10 slots
//   kCode.unpack(w) == Strips{"TT..FF", "T.F"};
//   StripCode::at(w, 6) == 0;                         // the break
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sente::authoring {

using Strips = std::vector<std::string>;

class StripCode {
 public:
  static constexpr int kMaxSlots = 32;  // 2 bits a slot in 64 bits

  // `letters`: the letters of the codes 1, 2 and 3, in that order.
  constexpr explicit StripCode(std::string_view letters) : letters_(letters) {}

  // The code (0..3) of slot `slot` of `w`; 0 past the last slot.
  static constexpr unsigned at(std::uint64_t w, int slot) {
    return slot < 0 || slot >= kMaxSlots ? 0u : static_cast<unsigned>(w >> (2 * slot)) & 3u;
  }
  // `w` with slot `slot` (0..31) set to `code`.
  static constexpr std::uint64_t with(std::uint64_t w, int slot, unsigned code) {
    const int shift = 2 * slot;
    return (w & ~(std::uint64_t{3} << shift)) | (std::uint64_t{code} << shift);
  }
  // Slots in use: cells and breaks up to the last cell.
  static constexpr int used(std::uint64_t w) {
    int n = 0;
    for (; w; w >>= 2) ++n;
    return n;
  }
  // Slots `strips` needs: its cells, and a break between two non-empty strips.
  static int slots(const Strips& strips) {
    int n = 0;
    for (const std::string& s : strips)
      if (!s.empty()) n += static_cast<int>(s.size()) + (n > 0 ? 1 : 0);
    return n;
  }

  // The code of `letter` (1..3), 0 for a letter not in the alphabet.
  constexpr unsigned code(char letter) const {
    for (unsigned c = 0; c < 3; ++c)
      if (letters_[c] == letter) return c + 1;
    return 0;
  }
  constexpr char letter(unsigned code) const { return letters_[code - 1]; }

  // The word of `strips` (empty strips skipped). Precondition: every letter
  // in the alphabet and slots(strips) <= kMaxSlots.
  std::uint64_t pack(const Strips& strips) const {
    std::uint64_t w = 0;
    int slot = 0;
    for (const std::string& s : strips) {
      if (s.empty()) continue;
      if (slot) ++slot;  // the break: a 0 code
      for (char c : s) w |= std::uint64_t{code(c)} << (2 * slot++);
    }
    return w;
  }
  Strips unpack(std::uint64_t w) const {
    Strips strips;
    if (w) strips.emplace_back();
    for (; w; w >>= 2) {
      const unsigned c = w & 3u;
      if (c == 0)
        strips.emplace_back();
      else
        strips.back() += letter(c);
    }
    return strips;
  }

 private:
  std::string_view letters_;
};

}  // namespace sente::authoring
