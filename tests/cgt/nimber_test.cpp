// Nimber arithmetic (nimber.hpp) against the published tables in
// shared/data/turning-corners (OEIS A051775, A051776, A051910, A006042,
// A059971, A051917, the decoded product pairs, published-values.md) and against
// two naive computations written here: Conway's mex definition of the product,
// and the Fermat-power split with four half-size products down to single bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <random>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "sente/cgt/nimber.hpp"
#include "sente/testing/reference_data.hpp"

namespace sente::nimber {
namespace {

constexpr const char* kDir = "turning-corners/";

std::vector<std::pair<std::uint64_t, std::uint64_t>> read_terms(const std::string& name) {
  return testing::read_oeis_terms(kDir + name);
}

// (row, column) of entry i when a table is read by antidiagonals (or a
// triangle by rows): i = s(s+1)/2 + j with 0 <= j <= s.
std::pair<std::uint64_t, std::uint64_t> diagonal_and_offset(std::uint64_t i) {
  std::uint64_t s = 0;
  while ((s + 1) * (s + 2) / 2 <= i) ++s;
  return {s, i - s * (s + 1) / 2};
}

// x ⊗ y for x, y < 2^bits by (aH ⊕ b)(cH ⊕ d) = (ac ⊕ ad ⊕ bc)H ⊕ (bd ⊕ ac⊗H/2)
// with four half-size products, no tables, down to single bits.
std::uint64_t naive_product(std::uint64_t x, std::uint64_t y, int bits = 64) {
  if (bits == 1) return x & y;
  const int half = bits / 2;
  const std::uint64_t low = (std::uint64_t{1} << half) - 1;
  const std::uint64_t a = x >> half, b = x & low, c = y >> half, d = y & low;
  const std::uint64_t ac = naive_product(a, c, half);
  const std::uint64_t high = ac ^ naive_product(a, d, half) ^ naive_product(b, c, half);
  const std::uint64_t rest =
      naive_product(b, d, half) ^ naive_product(ac, std::uint64_t{1} << (half - 1), half);
  return high << half | rest;
}

// Conway's definition: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}, for
// a, b < n.
std::vector<std::uint64_t> mex_products(int n) {
  std::vector<std::uint64_t> t(n * n, 0);
  std::vector<int> seen;
  int stamp = 0;
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      ++stamp;
      seen.resize(a * b + 1, 0);
      for (int a2 = 0; a2 < a; ++a2) {
        for (int b2 = 0; b2 < b; ++b2) {
          const std::uint64_t v = t[a2 * n + b] ^ t[a * n + b2] ^ t[a2 * n + b2];
          if (v < seen.size()) seen[v] = stamp;
        }
      }
      std::uint64_t m = 0;
      while (m < seen.size() && seen[m] == stamp) ++m;
      t[a * n + b] = m;
    }
  }
  return t;
}

// An integer written as in published-values.md: 3141, 2^32, 3·2^31, (2^64−1).
// Returns false on anything else or on a value of 2^64 or more.
bool parse_number(absl::string_view text, std::uint64_t* out) {
  std::string s = absl::StrReplaceAll(text, {{"·", "*"}, {"−", "-"}, {",", ""}});
  std::size_t pos = 0;
  using U = unsigned __int128;
  auto expr = [&](auto& self) -> U {
    auto atom = [&]() -> U {
      if (pos < s.size() && s[pos] == '(') {
        ++pos;
        const U v = self(self);
        if (pos < s.size() && s[pos] == ')') ++pos;
        return v;
      }
      U v = 0;
      while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])))
        v = v * 10 + static_cast<unsigned>(s[pos++] - '0');
      return v;
    };
    auto power = [&]() -> U {
      U v = atom();
      if (pos < s.size() && s[pos] == '^') {
        ++pos;
        const U e = atom();
        U r = 1;
        for (U i = 0; i < e; ++i) r *= v;
        v = r;
      }
      return v;
    };
    U v = power();
    while (pos < s.size() && s[pos] == '*') {
      ++pos;
      v *= power();
    }
    while (pos < s.size() && (s[pos] == '-' || s[pos] == '+')) {
      const char op = s[pos++];
      U w = power();
      while (pos < s.size() && s[pos] == '*') {
        ++pos;
        w *= power();
      }
      v = op == '-' ? v - w : v + w;
    }
    return v;
  };
  const U v = expr(expr);
  if (pos != s.size() || s.empty() || v >> 64 != 0) return false;
  *out = static_cast<std::uint64_t>(v);
  return true;
}

// Every "X⊗Y = Z" of published-values.md whose three parts are numbers.
struct PublishedProduct {
  std::uint64_t a, b, product;
  std::string text;
};

std::vector<PublishedProduct> published_products(const std::string& md) {
  const std::string kOtimes = "⊗";
  const std::string kChars = "0123456789()^·−";
  // The run of number characters ending just before `end` (spaces skipped),
  // without unmatched parentheses at its edges.
  auto trim = [](std::string s) {
    while (!s.empty() && s.back() == ')' &&
           std::count(s.begin(), s.end(), '(') < std::count(s.begin(), s.end(), ')'))
      s.pop_back();
    while (!s.empty() && s.front() == '(' &&
           std::count(s.begin(), s.end(), '(') > std::count(s.begin(), s.end(), ')'))
      s.erase(s.begin());
    return s;
  };
  auto is_number_byte = [&](char c) { return kChars.find(c) != std::string::npos; };
  std::vector<PublishedProduct> found;
  for (std::size_t at = md.find(kOtimes); at != std::string::npos; at = md.find(kOtimes, at + 1)) {
    std::size_t l = at;
    while (l > 0 && md[l - 1] == ' ') --l;
    std::size_t l_end = l;
    while (l > 0 && is_number_byte(md[l - 1])) --l;
    std::size_t r = at + kOtimes.size();
    while (r < md.size() && md[r] == ' ') ++r;
    std::size_t r_begin = r;
    while (r < md.size() && is_number_byte(md[r])) ++r;
    std::size_t e = r;
    while (e < md.size() && md[e] == ' ') ++e;
    if (e >= md.size() || md[e] != '=') continue;
    ++e;
    while (e < md.size() && md[e] == ' ') ++e;
    std::size_t e_begin = e;
    while (e < md.size() && is_number_byte(md[e])) ++e;
    PublishedProduct p;
    if (parse_number(trim(md.substr(l, l_end - l)), &p.a) &&
        parse_number(trim(md.substr(r_begin, r - r_begin)), &p.b) &&
        parse_number(trim(md.substr(e_begin, e - e_begin)), &p.product)) {
      p.text = md.substr(l, e - l);
      found.push_back(p);
    }
  }
  return found;
}

std::vector<std::uint64_t> number_list(const std::string& text) {
  std::vector<std::uint64_t> v;
  for (absl::string_view item : absl::StrSplit(text, ", ", absl::SkipWhitespace())) {
    std::uint64_t x = 0;
    EXPECT_TRUE(parse_number(absl::StripAsciiWhitespace(item), &x)) << item;
    v.push_back(x);
  }
  return v;
}

std::string published_values() {
  return testing::read_text(testing::reference_file(std::string(kDir) + "published-values.md"));
}

TEST(Nimber, ProductsBelow64MatchConwaysMexDefinition) {
  constexpr int kN = 64;
  const std::vector<std::uint64_t> t = mex_products(kN);
  for (int a = 0; a < kN; ++a)
    for (int b = 0; b < kN; ++b) ASSERT_EQ(product(a, b), t[a * kN + b]) << a << " ⊗ " << b;
}

TEST(Nimber, ProductsMatchTheNaiveSplitAtEverySize) {
  for (std::uint64_t a = 0; a < 256; ++a)
    for (std::uint64_t b = 0; b < 256; ++b)
      ASSERT_EQ(product(a, b), naive_product(a, b, 8)) << a << " ⊗ " << b;
  std::mt19937_64 rng(4);
  for (int bits : {9, 16, 17, 32, 33, 48, 64}) {
    for (int i = 0; i < 3000; ++i) {
      const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
      const std::uint64_t a = rng() & mask, b = rng() & mask;
      ASSERT_EQ(product(a, b), naive_product(a, b)) << a << " ⊗ " << b;
      ASSERT_EQ(square(a), naive_product(a, a)) << a;
    }
  }
}

TEST(Nimber, OeisProductTables) {
  SENTE_REQUIRE_REFERENCE(std::string(kDir) + "oeis_A051775.txt");
  // Term counts are those of the data folder's README: a truncated file fails.
  // A051775: T(n, m), n, m >= 0, by antidiagonals. The table is symmetric, so
  // both orders of the cell are checked.
  auto terms = read_terms("oeis_A051775.txt");
  EXPECT_EQ(terms.size(), 83u);
  for (auto [i, v] : terms) {
    const auto [s, j] = diagonal_and_offset(i);
    EXPECT_EQ(product(j, s - j), v) << "A051775 term " << i;
    EXPECT_EQ(product(s - j, j), v) << "A051775 term " << i;
  }
  // A051776: the same for n, m >= 1 (offset 1).
  terms = read_terms("oeis_A051776.txt");
  EXPECT_EQ(terms.size(), 76u);
  for (auto [i, v] : terms) {
    const auto [s, j] = diagonal_and_offset(i - 1);
    EXPECT_EQ(product(j + 1, s - j + 1), v) << "A051776 term " << i;
  }
  // A051910: the triangle T(n, m), 0 <= m <= n, by rows.
  terms = read_terms("oeis_A051910.txt");
  EXPECT_EQ(terms.size(), 78u);
  for (auto [i, v] : terms) {
    const auto [n, m] = diagonal_and_offset(i);
    EXPECT_EQ(product(n, m), v) << "A051910 term " << i;
  }
}

TEST(Nimber, OeisSquaresPowersAndInverses) {
  SENTE_REQUIRE_REFERENCE(std::string(kDir) + "oeis_A006042.txt");
  auto terms = read_terms("oeis_A006042.txt");  // n ⊗ n
  EXPECT_EQ(terms.size(), 72u);
  for (auto [n, v] : terms) {
    EXPECT_EQ(square(n), v) << "A006042(" << n << ")";
    EXPECT_EQ(product(n, n), v) << "A006042(" << n << ")";
  }
  terms = read_terms("oeis_A059971.txt");  // n^n, nim powers; 0^0 = 1
  EXPECT_EQ(terms.size(), 63u);
  for (auto [n, v] : terms) EXPECT_EQ(power(n, n), v) << "A059971(" << n << ")";
  terms = read_terms("oeis_A051917.txt");  // nim inverse of n >= 1
  EXPECT_EQ(terms.size(), 59u);
  for (auto [n, v] : terms) EXPECT_EQ(inverse(n), v) << "A051917(" << n << ")";
}

TEST(Nimber, OeisExampleTableAndDecodedPairs) {
  SENTE_REQUIRE_REFERENCE(std::string(kDir) + "nim_product_pairs_from_oeis.csv");
  const std::string table = testing::read_text(
      testing::reference_file(std::string(kDir) + "oeis_A051775_example_table_rows0-5.txt"));
  int row = 0, cells = 0;
  for (absl::string_view line : absl::StrSplit(table, '\n', absl::SkipWhitespace())) {
    int col = 0;
    for (absl::string_view f : absl::StrSplit(line, ' ', absl::SkipEmpty())) {
      if (f == "...") continue;
      std::uint64_t v = 0;
      ASSERT_TRUE(absl::SimpleAtoi(f, &v)) << line;
      EXPECT_EQ(product(row, col), v) << row << " ⊗ " << col;
      ++col;
      ++cells;
    }
    ++row;
  }
  EXPECT_EQ(cells, 96);

  const std::string csv = testing::read_text(
      testing::reference_file(std::string(kDir) + "nim_product_pairs_from_oeis.csv"));
  int pairs = 0;
  for (absl::string_view line : absl::StrSplit(csv, '\n', absl::SkipWhitespace())) {
    if (line == "a,b,nim_product") continue;
    std::vector<absl::string_view> f = absl::StrSplit(line, ',');
    std::uint64_t a = 0, b = 0, v = 0;
    ASSERT_TRUE(f.size() == 3 && absl::SimpleAtoi(f[0], &a) && absl::SimpleAtoi(f[1], &b) &&
                absl::SimpleAtoi(f[2], &v))
        << line;
    EXPECT_EQ(product(a, b), v) << line;
    ++pairs;
  }
  EXPECT_EQ(pairs, 207);
}

TEST(Nimber, PublishedProductsAndSixtyFourBitVectors) {
  SENTE_REQUIRE_REFERENCE(std::string(kDir) + "published-values.md");
  const std::string md = published_values();
  const std::vector<PublishedProduct> facts = published_products(md);
  // 2⊗2 ... 5⊗51 (7), the four 64-bit checks and 4⊗16 again under "not closed".
  EXPECT_EQ(facts.size(), 12u);
  bool saw_all_ones = false;
  for (const PublishedProduct& p : facts) {
    EXPECT_EQ(product(p.a, p.b), p.product) << p.text;
    EXPECT_EQ(product(p.b, p.a), p.product) << p.text;
    saw_all_ones |= p.a == ~std::uint64_t{0};
  }
  EXPECT_TRUE(saw_all_ones) << "(2^64−1)⊗(2^64−1) not found";

  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(md, m, std::regex(R"(F = ([0-9, ]+) satisfy F⊗F = 3F/2 = ([0-9, ]+)\.)")));
  const std::vector<std::uint64_t> fermat = number_list(m[1]), squares = number_list(m[2]);
  ASSERT_EQ(fermat.size(), 5u);
  ASSERT_EQ(squares.size(), fermat.size());
  for (std::size_t i = 0; i < fermat.size(); ++i) {
    EXPECT_EQ(product(fermat[i], fermat[i]), squares[i]) << fermat[i];
    EXPECT_EQ(square(fermat[i]), squares[i]) << fermat[i];
  }

  // "1: 1 2 3 4 5 6 7 / 2: 2 3 1 8 10 11 9 / ..."
  ASSERT_TRUE(
      std::regex_search(md, m, std::regex(R"(rows 1\.\.4 for columns 1\.\.7:\s*\n\s*(.*))")));
  const std::string rows = m[1];
  int rows_seen = 0;
  for (absl::string_view part : absl::StrSplit(rows, '/')) {
    std::vector<absl::string_view> f = absl::StrSplit(part, ' ', absl::SkipEmpty());
    std::uint64_t r = 0;
    ASSERT_TRUE(!f.empty() && absl::ConsumeSuffix(&f[0], ":") && absl::SimpleAtoi(f[0], &r));
    ASSERT_EQ(f.size(), 8u) << part;
    for (std::uint64_t c = 1; c <= 7; ++c) {
      std::uint64_t v = 0;
      ASSERT_TRUE(absl::SimpleAtoi(f[c], &v)) << part;
      EXPECT_EQ(product(r, c), v) << r << " ⊗ " << c;
    }
    ++rows_seen;
  }
  EXPECT_EQ(rows_seen, 4);
}

TEST(Nimber, FermatPowerIdentities) {
  std::mt19937_64 rng(5);
  for (int k = 0; k <= 5; ++k) {
    const std::uint64_t f = std::uint64_t{1} << (1 << k);  // 2^(2^k)
    SCOPED_TRACE(f);
    EXPECT_EQ(product(f, f), 3 * f / 2);
    EXPECT_EQ(product(f, f), f ^ f / 2);
    EXPECT_EQ(square_root(3 * f / 2), f);
    // F ⊗ x = F·x for x < F (exhaustive below 256, sampled above).
    for (int i = 0; i < 4096; ++i) {
      const std::uint64_t x = f <= 256 ? static_cast<std::uint64_t>(i) % f : rng() % f;
      ASSERT_EQ(product(f, x), f * x) << x;
      ASSERT_EQ(product(x, f), f * x) << x;
    }
    // Below F the nimbers are closed: a subfield.
    const std::uint64_t a = rng() % f, b = rng() % f;
    EXPECT_LT(product(a, b), f);
  }
  // Distinct Fermat 2-powers multiply as integers.
  for (int set = 0; set < 64; ++set) {
    std::uint64_t nim = 1, ordinary = 1;
    for (int k = 0; k < 6; ++k) {
      if (!(set >> k & 1)) continue;
      nim = product(nim, std::uint64_t{1} << (1 << k));
      ordinary <<= 1 << k;
    }
    EXPECT_EQ(nim, ordinary) << "Fermat set " << set;
  }
  EXPECT_EQ(field_bits(0), 1);
  EXPECT_EQ(field_bits(1), 1);
  EXPECT_EQ(field_bits(3), 2);
  EXPECT_EQ(field_bits(4), 4);
  EXPECT_EQ(field_bits(255), 8);
  EXPECT_EQ(field_bits(std::uint64_t{1} << 32), 64);
}

TEST(Nimber, FieldLawsForAllPairsAndTriplesBelow256) {
  for (std::uint64_t a = 0; a < 256; ++a) {
    EXPECT_EQ(product(a, 0), 0u);
    EXPECT_EQ(product(a, 1), a);
    for (std::uint64_t b = 0; b < 256; ++b) {
      const std::uint64_t ab = product(a, b);
      ASSERT_EQ(ab, product(b, a)) << a << ", " << b;
      ASSERT_LT(ab, 256u) << a << ", " << b;
      for (std::uint64_t c = 0; c < 256; ++c) {
        ASSERT_EQ(product(ab, c), product(a, product(b, c))) << a << ", " << b << ", " << c;
        ASSERT_EQ(product(a, sum(b, c)), sum(ab, product(a, c))) << a << ", " << b << ", " << c;
      }
    }
  }
  // Below 2, 4, 16 closed as well; below 64 not (published example 4⊗16 = 64).
  for (std::uint64_t bound : {2, 4, 16}) {
    for (std::uint64_t a = 0; a < bound; ++a)
      for (std::uint64_t b = 0; b < bound; ++b) EXPECT_LT(product(a, b), bound);
  }
  std::uint64_t largest = 0;
  for (std::uint64_t a = 0; a < 64; ++a)
    for (std::uint64_t b = 0; b < 64; ++b) largest = std::max(largest, product(a, b));
  EXPECT_GE(largest, 64u);
}

TEST(Nimber, InversesBelow65536AreThePowerQMinus2) {
  EXPECT_EQ(inverse(0), 0u);  // the documented result outside the contract
  for (std::uint64_t x = 1; x < 65536; ++x) {
    const std::uint64_t y = inverse(x);
    ASSERT_EQ(product(x, y), 1u) << x;
    const std::uint64_t q = std::uint64_t{1} << field_bits(x);
    ASSERT_EQ(y, power(x, q - 2)) << x;
    ASSERT_EQ(y, power(x, 65534)) << x;  // the same in the field of 2^16
  }
  std::mt19937_64 rng(6);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = rng() | 1;
    ASSERT_EQ(product(x, inverse(x)), 1u) << x;
    ASSERT_EQ(inverse(x), power(x, ~std::uint64_t{0} - 1)) << x;  // q - 2 = 2^64 - 2
    const std::uint64_t x32 = x >> 32;
    ASSERT_EQ(inverse(x32), power(x32, (std::uint64_t{1} << 32) - 2)) << x32;
  }
}

TEST(Nimber, SquareRootsAreThePowerQOver2) {
  for (std::uint64_t x = 0; x < 65536; ++x) {
    const std::uint64_t r = square_root(x);
    ASSERT_EQ(square(r), x) << x;
    ASSERT_EQ(product(r, r), x) << x;
    ASSERT_EQ(r, power(x, std::uint64_t{1} << (field_bits(x) - 1))) << x;
    ASSERT_EQ(power(x, std::uint64_t{1} << field_bits(x)), x) << x;  // x^q = x
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = rng();
    ASSERT_EQ(square(square_root(x)), x) << x;
    ASSERT_EQ(square_root(x), power(x, std::uint64_t{1} << 63)) << x;
  }
}

TEST(Nimber, PowersAddExponents) {
  std::mt19937_64 rng(8);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t x = rng(), a = rng() >> 33, b = rng() >> 33;
    ASSERT_EQ(power(x, a + b), product(power(x, a), power(x, b)));
  }
  EXPECT_EQ(power(0, 0), 1u);
  EXPECT_EQ(power(0, 5), 0u);
  EXPECT_EQ(power(7, 1), 7u);
}

TEST(Nimber, PublishedFieldFacts) {
  SENTE_REQUIRE_REFERENCE(std::string(kDir) + "published-values.md");
  const std::string md = published_values();
  std::smatch m;

  // "Products of numbers below 512 reach 65,535."
  ASSERT_TRUE(
      std::regex_search(md, m, std::regex(R"(numbers\s+below\s+(\d+)\s+reach\s+([\d,]+))")));
  std::uint64_t below = 0, reach = 0;
  ASSERT_TRUE(parse_number(m[1].str(), &below) && parse_number(m[2].str(), &reach));
  std::uint64_t largest = 0;
  for (std::uint64_t a = 0; a < below; ++a)
    for (std::uint64_t b = 0; b < below; ++b) largest = std::max(largest, product(a, b));
  EXPECT_EQ(largest, reach);

  // "258 generates the multiplicative group (smallest generator; nothing below
  // 256 can)": the group of the field of 65,536 elements.
  const std::regex generator_fact(R"((\d+) generates the multiplicative group)"
                                  R"( \(smallest generator;\s+nothing\s+below (\d+) can\))");
  ASSERT_TRUE(std::regex_search(md, m, generator_fact));
  const std::uint64_t generator = std::stoull(m[1]), subfield = std::stoull(m[2]);
  constexpr std::uint64_t kOrder = 65535;
  std::vector<std::uint64_t> primes;  // of 65535, by trial division
  for (std::uint64_t p = 2, n = kOrder; n > 1; ++p) {
    if (n % p) continue;
    primes.push_back(p);
    while (n % p == 0) n /= p;
  }
  auto generates = [&](std::uint64_t x) {
    for (std::uint64_t p : primes)
      if (power(x, kOrder / p) == 1) return false;
    return true;
  };
  for (std::uint64_t x = 1; x < generator; ++x) EXPECT_FALSE(generates(x)) << x;
  EXPECT_TRUE(generates(generator));
  std::vector<bool> hit(65536, false);  // its powers reach every non-zero element once
  for (std::uint64_t i = 0, y = 1; i < kOrder; ++i, y = product(y, generator)) {
    ASSERT_FALSE(hit[y]) << "258^" << i;
    hit[y] = true;
  }
  EXPECT_FALSE(hit[0]);
  for (std::uint64_t x = 1; x < subfield; ++x) EXPECT_EQ(power(x, subfield - 1), 1u) << x;

  // "2^((q−1)/3) for q = 4, 16, 256, 65536, 2^32 gives 2, 3, 2, 3, 2": 2 is no cube.
  ASSERT_TRUE(std::regex_search(md, m, std::regex(R"(for\s+q = ([0-9^, ]+) gives ([0-9, ]+))")));
  const std::vector<std::uint64_t> qs = number_list(m[1]), values = number_list(m[2]);
  ASSERT_EQ(qs.size(), 5u);
  ASSERT_EQ(values.size(), qs.size());
  for (std::size_t i = 0; i < qs.size(); ++i) {
    EXPECT_EQ(power(2, (qs[i] - 1) / 3), values[i]) << "q = " << qs[i];
    EXPECT_NE(values[i], 1u);
  }
}

}  // namespace
}  // namespace sente::nimber
