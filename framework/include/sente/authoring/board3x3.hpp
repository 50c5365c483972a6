// The 3 x 3 board as 9-bit planes packed in one 64-bit word, and its 8
// symmetries (the dihedral group of the square) applied to every plane at
// once.
//
// Layout: cell i = 3 * row + column (row 0 the top, column 0 the left), bit i
// of each plane; plane k occupies bits [9k, 9k + 9), k = 0..5, so up to six
// planes (e.g. owner x piece size) share one word. Bits 54..63 are left
// untouched by every symmetry (a game keeps the side to move there).
//
// The symmetries are delta swaps (Knuth, TAOCP 7.1.3): a mirror exchanges two
// rows or two columns, a transpose exchanges three pairs of cells, a handful
// of shifts and masks each, for all planes together.
#pragma once

#include <array>
#include <cstdint>

namespace sente::board3x3 {

inline constexpr int kCells = 9;
inline constexpr std::uint16_t kFull = 0x1FF;

// The 8 lines of three: rows top to bottom, columns left to right, the main
// diagonal (cells 0, 4, 8), the other diagonal (2, 4, 6).
inline constexpr std::array<std::uint16_t, 8> kLines = {0007, 0070, 0700, 0111,
                                                        0222, 0444, 0421, 0124};

// A 9-bit mask repeated in the six planes.
constexpr std::uint64_t in_planes(std::uint64_t mask9) {
  std::uint64_t m = 0;
  for (int k = 0; k < 6; ++k) m |= mask9 << (9 * k);
  return m;
}

constexpr std::uint64_t delta_swap(std::uint64_t x, std::uint64_t mask, int delta) {
  const std::uint64_t t = ((x >> delta) ^ x) & mask;
  return x ^ t ^ (t << delta);
}

// Top and bottom rows exchanged.
constexpr std::uint64_t mirror_rows(std::uint64_t x) {
  return delta_swap(x, in_planes(0007), 6);
}
// Left and right columns exchanged.
constexpr std::uint64_t mirror_columns(std::uint64_t x) {
  return delta_swap(x, in_planes(0111), 2);
}
// Cell (r, c) to (c, r): cells 1<->3, 5<->7, 2<->6.
constexpr std::uint64_t transpose(std::uint64_t x) {
  return delta_swap(delta_swap(x, in_planes(0042), 2), in_planes(0004), 4);
}

// The 8 images of x, image 0 = x itself; images 4..7 are the transposes of
// images 0..3. The same order for every word, so image s of a game's position
// and image s of its move's squares agree (cell_image).
constexpr std::array<std::uint64_t, 8> images(std::uint64_t x) {
  std::array<std::uint64_t, 8> out{};
  out[0] = x;
  out[1] = mirror_rows(x);
  out[2] = mirror_columns(x);
  out[3] = mirror_columns(out[1]);
  for (int s = 0; s < 4; ++s) out[4 + s] = transpose(out[s]);
  return out;
}

// The least of the 8 images of x (a canonical representative of its class).
constexpr std::uint64_t least_image(std::uint64_t x) {
  const std::uint64_t a = x, b = mirror_rows(x), c = mirror_columns(x), d = mirror_columns(b);
  std::uint64_t m = a < b ? a : b;
  m = m < c ? m : c;
  m = m < d ? m : d;
  const std::uint64_t ta = transpose(a), tb = transpose(b), tc = transpose(c), td = transpose(d);
  m = m < ta ? m : ta;
  m = m < tb ? m : tb;
  m = m < tc ? m : tc;
  return m < td ? m : td;
}

// The cell that cell i goes to under image s (as images() orders them).
constexpr int cell_image(int cell, int s) {
  return static_cast<int>(__builtin_ctzll(images(std::uint64_t{1} << cell)[s]));
}

// Does the 9-bit mask hold a complete line?
constexpr bool has_line(std::uint16_t mask) {
  for (std::uint16_t l : kLines)
    if ((mask & l) == l) return true;
  return false;
}

// Cell name a1..c3: column letter, row number from the top.
inline std::array<char, 3> cell_name(int cell) {
  return {static_cast<char>('a' + cell % 3), static_cast<char>('1' + cell / 3), '\0'};
}

}  // namespace sente::board3x3
