#include "strings_and_coins.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace sente::dots_and_boxes {
namespace {

// Union-find over a board's boxes: the components of coins joined by strings.
class BoxSets {
 public:
  explicit BoxSets(int boxes) {
    for (int b = 0; b < boxes; ++b) parent_[b] = static_cast<std::int8_t>(b);
  }
  int find(int b) {
    while (parent_[b] != b) b = parent_[b] = parent_[parent_[b]];
    return b;
  }
  void join(int a, int b) { parent_[find(a)] = static_cast<std::int8_t>(find(b)); }

 private:
  std::array<std::int8_t, kMaxBoxes> parent_{};
};

}  // namespace

StringsAndCoins::StringsAndCoins(const Board& board)
    : boxes_(board.box_count()), lines_(board.line_count()) {
  all_lines_ = lines_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lines_) - 1;
  for (int b = 0; b < boxes_; ++b)
    for (int l : board.box_lines(b)) box_mask_[b] |= std::uint64_t{1} << l;
  for (int l = 0; l < lines_; ++l) {
    const std::array<int, 2> boxes = board.line_boxes(l);
    ends_[l] = {static_cast<std::int8_t>(boxes[0] < 0 ? kGround : boxes[0]),
                static_cast<std::int8_t>(boxes[1] < 0 ? kGround : boxes[1])};
  }
  for (int b = 0; b < boxes_; ++b) {
    std::uint64_t border = 0;
    for (int l : board.box_lines(b))
      if (ends_[l][0] == kGround || ends_[l][1] == kGround) border |= std::uint64_t{1} << l;
    for (std::uint64_t m = border; m; m &= m - 1) {
      const int l = std::countr_zero(m);
      parallel_before_[l] = border & ((std::uint64_t{1} << l) - 1);
    }
    if (std::popcount(border) < 2) continue;
    ground_mask_[ground_boxes_] = border;
    std::array<std::uint64_t, 5>& first = ground_first_[ground_boxes_++];
    std::uint64_t rest = border;
    for (int k = 1; rest; ++k, rest &= rest - 1) first[k] = first[k - 1] | (rest & -rest);
  }
}

std::uint64_t StringsAndCoins::parallel_border(int l) const {
  for (int i = 0; i < ground_boxes_; ++i)
    if (ground_mask_[i] >> l & 1) return ground_mask_[i];
  return 0;
}

int StringsAndCoins::other_line(std::uint64_t drawn, int b, int not_line) const {
  const std::uint64_t rest = box_mask_[b] & ~drawn & ~(std::uint64_t{1} << not_line);
  return std::countr_zero(rest);
}

int StringsAndCoins::search_moves(std::uint64_t drawn,
                                  std::array<std::uint8_t, kMaxLines>& out) const {
  const std::uint64_t undrawn = all_lines_ & ~drawn;
  std::uint32_t deg1 = 0, deg2 = 0;
  for (int b = 0; b < boxes_; ++b) {
    const int d = degree(drawn, b);
    if (d == 1) deg1 |= std::uint32_t{1} << b;
    if (d == 2) deg2 |= std::uint32_t{1} << b;
  }
  const auto is_deg2 = [&](int box) { return box != kGround && (deg2 >> box & 1); };

  if (deg1 != 0) {
    // A coin whose string leads to the ground, to a coin of degree 3 or 4,
    // or to a capturable coin (a pair) is taken at once.
    for (std::uint32_t m = deg1; m; m &= m - 1) {
      const int x = std::countr_zero(m);
      const int l = std::countr_zero(undrawn & box_mask_[x]);
      if (!is_deg2(across(l, x))) {
        out[0] = static_cast<std::uint8_t>(l);
        return 1;
      }
    }
    // Every capturable coin leads into a chain: each capture, and each
    // decline that leaves the opponent the last two coins of a chain (the far
    // string ends at the ground or a coin of degree 3 or 4) or the last four
    // of a chain opened at both ends (two pairs).
    std::uint64_t kept = 0;
    for (std::uint32_t m = deg1; m; m &= m - 1) {
      const int x = std::countr_zero(m);
      const int l = std::countr_zero(undrawn & box_mask_[x]);
      const int y = across(l, x);
      kept |= std::uint64_t{1} << l;
      const int s = other_line(drawn, y, l);
      const int z = across(s, y);
      bool decline = z == kGround || degree(drawn, z) >= 3;
      if (is_deg2(z)) {
        const int w = across(other_line(drawn, z, s), z);
        decline = w != kGround && (deg1 >> w & 1);
      }
      if (decline) kept |= std::uint64_t{1} << s;
    }
    int n = 0;
    for (; kept; kept &= kept - 1) out[n++] = static_cast<std::uint8_t>(std::countr_zero(kept));
    return n;
  }

  // Chains: the degree-2 coins joined by strings.
  BoxSets sets(boxes_);
  for (std::uint64_t m = undrawn; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if (is_deg2(ends_[l][0]) && is_deg2(ends_[l][1])) sets.join(ends_[l][0], ends_[l][1]);
  }
  std::array<std::uint8_t, kMaxBoxes> size{};
  for (std::uint32_t m = deg2; m; m &= m - 1) ++size[sets.find(std::countr_zero(m))];

  // Every string, but one per chain of three coins or more (loops included)
  // and one of a coin's strings to the ground.
  std::uint32_t searched = 0;  // chains whose string is already out
  int n = 0;
  for (std::uint64_t m = undrawn; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    if (undrawn & parallel_before_[l]) continue;  // a parallel string is out
    const int coin = is_deg2(ends_[l][0]) ? ends_[l][0] : is_deg2(ends_[l][1]) ? ends_[l][1] : -1;
    if (coin >= 0) {
      const int chain = sets.find(coin);
      if (size[chain] >= 3) {
        if (searched >> chain & 1) continue;
        searched |= std::uint32_t{1} << chain;
      }
    }
    out[n++] = static_cast<std::uint8_t>(l);
  }
  return n;
}

std::optional<int> StringsAndCoins::loony_value(std::uint64_t drawn) const {
  const std::uint64_t undrawn = all_lines_ & ~drawn;
  std::uint32_t open = 0;
  for (int b = 0; b < boxes_; ++b) {
    const int d = degree(drawn, b);
    if (d == 0) continue;
    if (d != 2) return std::nullopt;
    open |= std::uint32_t{1} << b;
  }
  if (open == 0) return std::nullopt;
  // Components: a component with a string to the ground is a chain, one
  // without a loop.
  BoxSets sets(boxes_);
  std::uint32_t grounded = 0;  // boxes with a string to the ground
  for (std::uint64_t m = undrawn; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const int a = ends_[l][0], b = ends_[l][1];
    if (a == kGround || b == kGround)
      grounded |= std::uint32_t{1} << (a == kGround ? b : a);
    else
      sets.join(a, b);
  }
  std::array<int, kMaxBoxes> size{};
  std::array<bool, kMaxBoxes> chain{};
  for (std::uint32_t m = open; m; m &= m - 1) {
    const int b = std::countr_zero(m);
    ++size[sets.find(b)];
    chain[sets.find(b)] |= (grounded >> b & 1) != 0;
  }
  // Each component: its boxes and what declining costs its taker (0: a chain
  // of 1 or 2, which cannot be declined).
  int n = 0;
  std::array<int, kMaxBoxes> boxes{}, decline{};
  for (int b = 0; b < boxes_; ++b)
    if (size[b] > 0) {
      boxes[n] = size[b];
      decline[n++] = !chain[b] ? 8 : size[b] >= 3 ? 4 : 0;
    }
  // value[s]: the mover's value with the components of s left.
  std::vector<int> value(std::size_t{1} << n);
  value[0] = 0;
  for (std::uint32_t s = 1; s < value.size(); ++s) {
    int best = -1000;
    for (std::uint32_t m = s; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      const int rest = value[s & ~(std::uint32_t{1} << i)];
      int taker = boxes[i] + rest;
      if (decline[i]) taker = std::max(taker, boxes[i] - decline[i] - rest);
      best = std::max(best, -taker);
    }
    value[s] = best;
  }
  return value.back();
}

}  // namespace sente::dots_and_boxes
