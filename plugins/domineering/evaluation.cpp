#include "evaluation.hpp"

#include <algorithm>

#include "search.hpp"

namespace sente::domineering {
namespace {

std::uint64_t lowest(std::uint64_t x) {
  return x & (~x + 1);
}

// Packed cells per row, same padding as OwnBoard.
struct Packed {
  std::array<std::uint64_t, 64 + 2 * OwnBoard::kPad> w{};
  std::uint64_t& operator()(int r) { return w[OwnBoard::kPad + r]; }
};

// Figures of one packing (names as in the header).
struct Areas {
  int prot = 0;
  int vuln2 = 0, vuln2_prot = 0;  // type 2, and of them those with a protected cell
  int vuln1 = 0, vuln1_prot = 0;
  int unused = 0;                    // cells packed alone, unusable by the opponent
  int opt2 = 0, opt1 = 0, opt0 = 0;  // safe moves with an option, by the option's reach
};

void pack_protective(const OwnBoard& b, Packed& p, Areas& a) {
  for (int r = 0; r < b.rows(); ++r) {
    std::uint64_t blocked =
        p(r - 1) | p(r) | p(r + 1) | p(r + 2) | b.occupied(r) | b.occupied(r + 1);
    blocked |= blocked >> 1;
    const std::uint64_t above = b.occupied(r - 1), below = b.occupied(r + 2);
    std::uint64_t at = ((above & (above >> 1)) | (below & (below >> 1))) & ~blocked;
    while (at) {
      const std::uint64_t t = lowest(at);
      at &= ~(t | (t << 1));
      p(r) |= t | (t << 1);
      p(r + 1) |= t | (t << 1);
      ++a.prot;
    }
  }
}

void pack_vulnerable(const OwnBoard& b, Packed& p, Areas& a) {
  int v2 = 0, v2p = 0, v1 = 0, v1p = 0;
  for (int r = 0; r < b.rows(); ++r) {
    const std::uint64_t below = b.occupied(r + 1);
    // Cells whose pair would be type 2: packed above, or a free owner move below.
    const std::uint64_t reach = p(r - 1) | ~(below | (below << 1)) | ~(below | (below >> 1));
    const std::uint64_t prot = b.occupied(r - 1) & b.occupied(r + 1);
    std::uint64_t free = ~(b.occupied(r) | p(r));
    // States: 0 nothing pending; 1 a lone protected cell; 2 an unprotected
    // cell s; 3 s then a protected cell; 4 after a protected pair following s.
    int state = 0;
    std::uint64_t s = 0, prev = 0;
    auto record = [&](std::uint64_t pair, bool with_prot) {
      p(r) |= pair;
      const bool type2 = (pair & reach) != 0;
      (type2 ? (with_prot ? v2p : v2) : (with_prot ? v1p : v1))++;
    };
    auto gap = [&] {
      if (state == 1) {
        ++a.unused;
        p(r) |= prev;
      } else if (state == 3) {
        record(s | (s << 1), true);
      }
      state = 0;
    };
    while (free) {
      const std::uint64_t t = lowest(free);
      free ^= t;
      if (((t >> 1) & prev) == 0) gap();
      prev = t;
      if (t & prot) {
        static constexpr int kNext[5] = {1, 0, 3, 4, 3};
        state = kNext[state];
      } else {
        switch (state) {
          case 0:
            state = 2, s = t;
            break;
          case 1:
            state = 0, record(t | (t >> 1), true);
            break;
          case 2:
            state = 0, record(s | (s << 1), false);
            break;
          case 3:
            state = 2, record(s | (s << 1), true), s = t;
            break;
          case 4:
            state = 2, s = t;
            break;
        }
      }
    }
    gap();
  }
  a.vuln2 = v2 + v2p;
  a.vuln2_prot = v2p;
  a.vuln1 = v1 + v1p;
  a.vuln1_prot = v1p;
}

// How far an option cell x (a bit of row r) reaches: a free cell across from
// it with an occupied cell beyond, above and/or below.
int option_reach(const OwnBoard& b, int r, std::uint64_t x) {
  const bool up = !(b.occupied(r - 1) & x) && (b.occupied(r - 2) & x);
  const bool down = !(b.occupied(r + 1) & x) && (b.occupied(r + 2) & x);
  return up + down;
}

void pack_safe_options(const OwnBoard& b, Packed& p, Areas& a) {
  for (int r = 0; r < b.rows(); ++r) {
    const std::uint64_t guard = b.occupied(r - 1) & b.occupied(r + 1);
    std::uint64_t used = b.occupied(r) | p(r);
    std::uint64_t safe = ~(used | (used >> 1)) & guard & (guard >> 1);
    while (safe) {
      const std::uint64_t t = lowest(safe);
      safe &= ~(t | (t << 1));
      used |= t | (t << 1);
      std::uint64_t option = 0;
      if (!((used | p(r - 1) | p(r + 1)) & (t >> 1)))
        option = t >> 1;
      else if (!((safe | used | p(r - 1) | p(r + 1)) & (t << 2)))
        option = t << 2;
      if (!option) continue;
      used |= option;
      p(r) |= option;
      switch (option_reach(b, r, option)) {
        case 2:
          ++a.opt2;
          break;
        case 1:
          ++a.opt1;
          break;
        default:
          ++a.opt0;
          break;
      }
    }
  }
}

}  // namespace

int OwnBoard::safe_moves() const {
  int n = 0;
  for (int r = 0; r < rows_; ++r) n += line_pairs(protected_cells(r));
  return n;
}

int OwnBoard::packing() const {
  int n = 0;
  for (int r = 0; r < rows_; ++r) n += line_pairs(~occupied(r));
  return n;
}

int OwnBoard::margin(bool tempo, int opponent_packing) const {
  Packed packed;
  Areas a;
  pack_protective(*this, packed, a);
  pack_vulnerable(*this, packed, a);
  pack_safe_options(*this, packed, a);
  int safe = safe_moves();
  int unused = a.unused;

  // Taking one vulnerable move of a kind (the owner moves now).
  auto take_vuln2 = [&] {
    --a.vuln2, ++safe;
    if (a.vuln2_prot > a.vuln2) --a.vuln2_prot;
  };
  auto take_vuln1 = [&] {
    --a.vuln1, ++safe;
    if (a.vuln1_prot > a.vuln1) --a.vuln1_prot;
  };
  if (tempo) {
    // The move the owner makes now goes where parity gains most.
    if (a.prot % 2) {
      --a.prot, safe += 2;
    } else if (a.vuln2 % 3) {
      take_vuln2();
    } else if (a.vuln1 % 2) {
      take_vuln1();
    } else if (a.opt2 % 2) {
      --a.opt2, unused += 3;
    } else if (a.opt1 % 2) {
      --a.opt1, unused += 2;
    } else if (a.opt0 % 2) {
      --a.opt0, unused += 1;
    } else if (a.vuln2 > 0) {
      take_vuln2();
    } else if (a.vuln1 > 0) {
      take_vuln1();
    } else if (a.prot > 0) {
      --a.prot, safe += 2;
    } else {
      return -1;  // nothing to gain a tempo with: no verdict
    }
  }
  if (a.prot % 2) --a.prot, a.vuln2 += 2;  // a lone area is two vulnerable moves

  int moves = a.prot + a.vuln2 / 3 + a.vuln1 / 2 + safe;
  bool paired = false;
  if (a.vuln2 % 3 && a.vuln1 % 2) {
    ++moves, --unused, paired = true;  // the leftovers of both kinds make one move
  } else if (a.vuln2 % 3 == 0 && a.vuln1 % 2 == 0) {
    paired = true;
  }
  if (paired) {
    if (a.opt2 % 2) --a.opt2, ++a.opt1;
    if (a.opt1 % 2) --a.opt1, ++a.opt0;
  } else if (a.opt2 % 2) {
    unused += 3;
    if (a.opt1 % 2) --a.opt1, ++a.opt0;
  } else if (a.opt1 % 2) {
    unused += 2;
  } else if (a.opt0 % 2) {
    unused += 1;
  }
  // Cells of vulnerable moves beyond those counted as moves that the
  // opponent cannot use (the protected cell of each).
  unused += a.vuln2_prot - (a.vuln2 / 3 - (a.vuln2 - a.vuln2_prot) / 3);
  unused += a.vuln1_prot - (a.vuln1 / 2 - (a.vuln1 - a.vuln1_prot) / 2);
  unused += (a.opt2 / 2) * 3 + (a.opt1 / 2) * 2 + a.opt0 / 2;

  const int opponent_moves = std::min((empty_ - 2 * moves - unused) / 2, opponent_packing);
  return moves - opponent_moves;
}

}  // namespace sente::domineering
