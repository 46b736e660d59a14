//===- DecoratorsTest.cpp - Unit tests of the decorator reader ------------===//
//
// Checks that @triton.autotune, @triton.heuristics and @triton.jit options
// are read from source as Triton would evaluate them (configs from literal
// lists, comprehensions with several clauses, module-level names, Config's
// positional and keyword forms and defaults), and that constructs needing
// Python at run time are refused with their message and line:col.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Decorators.h"
#include "compiler/Frontend/Parser.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace tkc::frontend;

namespace {

/// Parses `text` as test.py and reads the decorators of kernel `k`.
class Source {
public:
  explicit Source(llvm::StringRef text) : os(errors), diags(sm, os) {
    unsigned id = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "test.py"), llvm::SMLoc());
    module = parseModule(id, diags);
  }

  std::optional<KernelDecorators> read() {
    if (!module)
      return std::nullopt;
    const FunctionDef *fn = module->findFunction("k");
    if (!fn)
      return std::nullopt;
    return readDecorators(*module, *fn, diags);
  }

  /// The first diagnostic's `file:line:col: kind: message` line.
  std::string firstMessage() const {
    return llvm::StringRef(errors).split('\n').first.str();
  }

  std::string errors;
  llvm::raw_string_ostream os;
  llvm::SourceMgr sm;
  Diagnostics diags;
  std::unique_ptr<Module> module;
};

/// A config rendered compactly: `B=64,w4,s3`.
std::string render(const AutotuneConfig &c) {
  std::string out;
  for (const auto &[name, value] : c.constexprs)
    out += name + "=" + value.pythonText() + ",";
  out += "w" + std::to_string(c.numWarps) + ",s" + std::to_string(c.numStages);
  if (c.numCtas != 1)
    out += ",c" + std::to_string(c.numCtas);
  if (c.maxnreg)
    out += ",r" + std::to_string(*c.maxnreg);
  return out;
}

std::string renderAll(const AutotuneDecorator &a) {
  std::string out;
  for (const AutotuneConfig &c : a.configs)
    out += (out.empty() ? "" : " ") + render(c);
  return out;
}

const char *kHeader = "import triton\nimport triton.language as tl\n";

TEST(Autotune, LiteralConfigs) {
  Source s(std::string(kHeader) +
           "@triton.autotune(configs=[\n"
           "    triton.Config({'B': 64}, num_warps=2),\n"
           "    triton.Config({'B': 128, 'EVEN': True}, 8, 4, 1, 128),\n"
           "    triton.Config(kwargs={'B': 256, 'M': 'x'}, num_stages=1,\n"
           "                  num_ctas=2, maxnreg=None),\n"
           "  ], key=['n', 'm'], restore_value=['out'],\n"
           "  reset_to_zero=('acc',))\n"
           "@triton.jit\n"
           "def k(out, acc, n, m, B: tl.constexpr, EVEN: tl.constexpr = 0,\n"
           "      M: tl.constexpr = 'y'):\n"
           "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  ASSERT_TRUE(d->autotune);
  EXPECT_EQ(renderAll(*d->autotune),
            "B=64,w2,s3 B=128,EVEN=True,w8,s4,r128 B=256,M='x',w4,s1,c2");
  ASSERT_EQ(d->autotune->key.size(), 2u);
  EXPECT_EQ(d->autotune->key[1].name, "m");
  EXPECT_EQ(s.diags.getLineAndColumn(d->autotune->key[1].loc),
            std::make_pair(8u, 16u));
  ASSERT_EQ(d->autotune->restoreValue.size(), 1u);
  EXPECT_EQ(d->autotune->restoreValue[0].name, "out");
  ASSERT_EQ(d->autotune->resetToZero.size(), 1u);
  EXPECT_EQ(d->autotune->resetToZero[0].name, "acc");
  EXPECT_TRUE(s.errors.empty()) << s.errors;
}

// Launch options in a config's dict are not parameters: Triton launches
// with the Config's own (given or default) values, and so does tkc.
TEST(Autotune, LaunchOptionsInTheDictAreOverridden) {
  Source s(std::string(kHeader) +
           "@triton.autotune(configs=[\n"
           "    triton.Config({'num_stages': 2, 'num_warps': 8}),\n"
           "    triton.Config({'B': 64, 'num_warps': 2}, num_warps=4),\n"
           "  ], key=['n'])\n"
           "@triton.jit\n"
           "def k(n, B: tl.constexpr = 32):\n"
           "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  EXPECT_EQ(renderAll(*d->autotune), "w4,s3 B=64,w4,s3");
  EXPECT_EQ(s.firstMessage(),
            "test.py:4:5: warning: 'num_stages' in the config's dict is not a "
            "parameter of 'k', and Triton launches with the config's own "
            "num_stages (a keyword argument, else its default); so does tkc");
}

TEST(Autotune, Comprehensions) {
  Source s(std::string(kHeader) +
           "from triton import Config\n"
           "SIZES = [32, 64]\n"
           "WARPS = (4, 8)\n"
           "configs = [\n"
           "    Config({'B': b, 'K': kk}, num_warps=w, num_stages=st)\n"
           "    for b in SIZES + [2 ** 7]\n"
           "    for w in WARPS if w * 32 <= b * 2\n"
           "    for kk, st in [(16, 2), (32, 3)] if kk != 32 or b > 64\n"
           "]\n"
           "@triton.autotune(configs, ['n'])\n"
           "@triton.jit\n"
           "def k(n, B: tl.constexpr, K: tl.constexpr):\n"
           "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  EXPECT_EQ(renderAll(*d->autotune),
            "B=64,K=16,w4,s2 B=128,K=16,w4,s2 B=128,K=32,w4,s3 "
            "B=128,K=16,w8,s2 B=128,K=32,w8,s3");
}

TEST(Autotune, RangesArithmeticAndBuiltins) {
  Source s(std::string(kHeader) +
           "@triton.autotune(configs=[\n"
           "    triton.Config({'B': 1 << i, 'S': 'a' + 'b'},\n"
           "                  num_warps=max(1, min(8, (1 << i) // 32)),\n"
           "                  num_stages=2 if i % 2 == 0 else 3)\n"
           "    for i in range(5, 9, 2) if i not in [6]\n"
           "  ] + [triton.Config(dict(B=len([1, 2, 3])), num_warps=-(-4))],\n"
           "  key=[], prune_configs_by=None, warmup=5, rep=20)\n"
           "@triton.jit\n"
           "def k(B: tl.constexpr, S: tl.constexpr = ''):\n"
           "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  EXPECT_EQ(renderAll(*d->autotune), "B=32,S='ab',w1,s3 B=128,S='ab',w4,s3 "
                                     "B=3,w4,s3");
  // warmup and rep are noted as ignored.
  EXPECT_NE(s.errors.find("test.py:9:34: note: warmup is ignored"),
            std::string::npos)
      << s.errors;
}

TEST(Autotune, PruneConfigsByWarns) {
  Source s(std::string(kHeader) +
           "def prune(configs, named_args, **kw):\n"
           "    return configs\n"
           "@triton.autotune(configs=[triton.Config({'B': 4})], key=['n'],\n"
           "                 prune_configs_by={'early_config_prune': prune})\n"
           "@triton.jit\n"
           "def k(n, B: tl.constexpr):\n"
           "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  EXPECT_EQ(s.firstMessage(), "test.py:6:18: warning: prune_configs_by is "
                              "ignored: tkc compiles and times every config");
}

TEST(Autotune, OtherDecoratorsAreNoted) {
  // A library's own tuner (FlagGems' @libtuner, configs from its YAML
  // files) is noted at its line; the kernel has no autotune plan.
  Source s(std::string(kHeader) +
           "from flag_gems.utils import libentry, libtuner\n"
           "@libentry()\n"
           "@libtuner(configs=runtime.get_tuned_config('mm'), key=['n'])\n"
           "@triton.jit\n"
           "def k(n, B: tl.constexpr):\n"
           "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  EXPECT_FALSE(d->autotune);
  EXPECT_EQ(s.firstMessage(),
            "test.py:4:2: note: decorator '@flag_gems.utils.libentry' is "
            "ignored: tkc reads @triton.jit, @triton.autotune and "
            "@triton.heuristics only; constexprs another decorator would set "
            "come from the signature, --constexpr or a manifest");
  EXPECT_NE(s.errors.find("test.py:5:2: note: decorator "
                          "'@flag_gems.utils.libtuner' is ignored"),
            std::string::npos)
      << s.errors;
}

/// The first message of reading a kernel decorated with `decorator`
/// (placed on line 3), `def k(n, p, B: tl.constexpr)` and `prefix` lines
/// of module code before it.
std::string refusal(const std::string &decorator,
                    const std::string &prefix = "") {
  Source s(std::string(kHeader) + prefix + decorator +
           "\n@triton.jit\ndef k(n, p, B: tl.constexpr):\n    pass\n");
  auto d = s.read();
  EXPECT_FALSE(d) << decorator;
  return s.firstMessage();
}

TEST(Autotune, RefusesRunTimeState) {
  EXPECT_EQ(refusal("@triton.autotune(configs=get_configs(), key=['n'])",
                    "def get_configs():\n    return []\n"),
            "test.py:5:26: error: a call of 'get_configs' needs Python at run "
            "time; tkc reads decorator arguments without running Python: it "
            "supports literals, lists, tuples, dicts, list comprehensions "
            "over them and range(), arithmetic, comparisons, module-level "
            "names bound to such values, and triton.Config(...)");
  EXPECT_EQ(
      refusal("@triton.autotune(configs=list(filter(keep, CONFIGS)), "
              "key=['n'])",
              "CONFIGS = [triton.Config({'B': 1})]\n"),
      "test.py:4:31: error: a call of 'filter' needs Python at run time; tkc "
      "reads decorator arguments without running Python: it supports "
      "literals, lists, tuples, dicts, list comprehensions over them and "
      "range(), arithmetic, comparisons, module-level names bound to such "
      "values, and triton.Config(...)");
  EXPECT_EQ(
      refusal("@triton.autotune(configs=[triton.Config({'B': 1})] if "
              "torch.cuda.is_available() else [], key=['n'])",
              "import torch\n")
          .substr(0, 77),
      "test.py:4:55: error: a call of 'torch.cuda.is_available' needs Python "
      "at run ");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': int(os."
                    "environ['B'])})], key=['n'])",
                    "import os\n")
                .substr(0, 49),
            "test.py:4:47: error: a call of 'int' needs Python");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': os.environ"
                    "['B']})], key=['n'])",
                    "import os\n")
                .substr(0, 58),
            "test.py:4:47: error: 'os.environ' needs Python at run time");
  EXPECT_EQ(
      refusal("@triton.autotune(configs=CONFIGS, key=['n'])").substr(0, 64),
      "test.py:3:26: error: name 'CONFIGS' is not defined at module lev");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1}, "
                    "pre_hook=init)], key=['n'])",
                    "def init(args):\n    pass\n"),
            "test.py:5:60: error: function 'init' needs Python at run time; "
            "tkc reads decorator arguments without running Python: it "
            "supports literals, lists, tuples, dicts, list comprehensions "
            "over them and range(), arithmetic, comparisons, module-level "
            "names bound to such values, and triton.Config(...)");
}

TEST(Autotune, RefusesBadForms) {
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'X': 1})], "
                    "key=['n'])"),
            "test.py:3:27: error: triton.Config sets 'X' but 'k' has no such "
            "parameter");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1})], "
                    "key=['n', 'q'])"),
            "test.py:3:63: error: key: 'k' has no parameter named 'q'");
  EXPECT_EQ(refusal("@triton.autotune(configs=[], key=['n'])"),
            "test.py:3:26: error: configs is empty");
  EXPECT_EQ(refusal("@triton.autotune(configs=[1], key=['n'])"),
            "test.py:3:26: error: configs must be a list of triton.Config, "
            "found an int");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1}, "
                    "num_warps=3)], key=['n'])"),
            "test.py:3:61: error: num_warps must be a positive power of two, "
            "got 3");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1})])"),
            "test.py:3:2: error: @triton.autotune needs key");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1})], "
                    "key=['n'], frobnicate=1)"),
            "test.py:3:64: error: unknown @triton.autotune argument "
            "'frobnicate'");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1})], "
                    "key=['n'], post_hook=lambda args, exception: None)"),
            "test.py:3:64: error: post_hook runs Python around each launch "
            "and is not supported by tkc");
  EXPECT_EQ(refusal("@triton.autotune(configs=C, key=['n'])", "C = C + []\n"),
            "test.py:3:5: error: 'C' refers to itself");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1}) "
                    "for i in range(10 ** 9)], key=['n'])"),
            "test.py:3:60: error: a decorator value has more than 65536 "
            "elements");
  EXPECT_EQ(refusal("@triton.autotune(configs=[triton.Config({'B': 1 // 0})],"
                    " key=['n'])"),
            "test.py:3:47: error: division by zero");
}

TEST(Heuristics, RecordsLambdas) {
  Source s(
      std::string(kHeader) +
      "@triton.heuristics({'EVEN_K': lambda args: args['K'] % "
      "args['BLOCK_K'] == 0,\n"
      "                    'B': lambda a: triton.next_power_of_2(a['n'])})\n"
      "@triton.jit(do_not_specialize=['K', 0], "
      "do_not_specialize_on_alignment=[1])\n"
      "def k(n, K, BLOCK_K: tl.constexpr, EVEN_K: tl.constexpr,\n"
      "      B: tl.constexpr):\n"
      "    pass\n");
  auto d = s.read();
  ASSERT_TRUE(d) << s.errors;
  ASSERT_EQ(d->heuristics.size(), 2u);
  EXPECT_EQ(d->heuristics[0].name, "EVEN_K");
  EXPECT_EQ(s.diags.getLineAndColumn(d->heuristics[0].loc),
            std::make_pair(3u, 21u));
  ASSERT_TRUE(d->heuristics[0].lambda);
  EXPECT_EQ(d->heuristics[0].lambda->params, std::vector<std::string>{"args"});
  EXPECT_TRUE(llvm::isa<CompareExpr>(*d->heuristics[0].lambda->body));
  EXPECT_EQ(d->heuristics[1].name, "B");
  ASSERT_EQ(d->doNotSpecialize.size(), 2u);
  EXPECT_EQ(d->doNotSpecialize[0].name, "K");
  EXPECT_EQ(d->doNotSpecialize[1].name, "n");
  ASSERT_EQ(d->doNotSpecializeOnAlignment.size(), 1u);
  EXPECT_EQ(d->doNotSpecializeOnAlignment[0].name, "K");
  EXPECT_FALSE(d->autotune);
}

TEST(Heuristics, RefusesNonLambdas) {
  EXPECT_EQ(refusal("@triton.heuristics({'B': 3})"),
            "test.py:3:26: error: heuristic 'B' must be a lambda of one "
            "argument (lambda args: ...) or the name of a module-level def "
            "of one argument");
  EXPECT_EQ(refusal("@triton.heuristics({'B': pick})"),
            "test.py:3:26: error: heuristic 'B': 'pick' is not a function of "
            "this module; a heuristic is a lambda (lambda args: ...) or a "
            "module-level def of one argument");
  EXPECT_EQ(refusal("@triton.heuristics({'B': pick})",
                    "def pick(args, n=1):\n    return 2\n"),
            "test.py:3:5: error: heuristic 'B': function 'pick' must take "
            "one argument (args)");
  EXPECT_EQ(refusal("@triton.heuristics({'X': lambda args: 1})"),
            "test.py:3:21: error: heuristic 'X': 'k' has no parameter named "
            "'X'");
  EXPECT_EQ(refusal("@triton.heuristics(make())"),
            "test.py:3:20: error: @triton.heuristics takes a dict display of "
            "lambdas; tkc reads decorator arguments without running Python: "
            "it supports literals, lists, tuples, dicts, list comprehensions "
            "over them and range(), arithmetic, comparisons, module-level "
            "names bound to such values, and triton.Config(...)");
}

/// The translation of heuristic `lambda` for `def k(n, K, p, BLOCK_K, E, B)`,
/// as "expr" plus " [bool]" or " [values v1 v2]", or the first message.
std::string heuristic(const std::string &lambda,
                      const std::string &prefix = "") {
  Source s(
      std::string(kHeader) + prefix +
      "@triton.heuristics({'E': lambda args: args['K'] > 0, 'B': " + lambda +
      "})\n@triton.jit\ndef k(n, K, p, BLOCK_K: tl.constexpr, "
      "E: tl.constexpr, B: tl.constexpr):\n    pass\n");
  auto d = s.read();
  if (!d)
    return s.firstMessage();
  const Heuristic &h = d->heuristics.back();
  std::string out = h.expr;
  if (h.boolean)
    out += " [bool]";
  if (!h.values.empty()) {
    out += " [values";
    for (int64_t v : h.values)
      out += " " + std::to_string(v);
    out += "]";
  }
  for (const HeuristicRead &r : h.reads)
    out += " " + r.name + (r.noneTest ? "?" : "") + "@" +
           std::to_string(s.diags.getLineAndColumn(r.loc).second);
  return out;
}

TEST(Heuristics, Translates) {
  EXPECT_EQ(heuristic("lambda args: args['K'] % args['BLOCK_K'] == 0"),
            "K % BLOCK_K == 0 [bool] K@72 BLOCK_K@84");
  EXPECT_EQ(heuristic("lambda a: triton.next_power_of_2(a['n'])"),
            "next_power_of_2(n) n@92");
  EXPECT_EQ(heuristic("lambda a: a['p'] is not None"),
            "p is not None [bool] p?@69");
  EXPECT_EQ(heuristic("lambda a: not (a['n'] // 2 >= 8 and a['E'])"),
            "not (n // 2 >= 8 and E) [bool] n@74 E@95");
  EXPECT_EQ(
      heuristic("lambda a: 64 if a['n'] > LIMIT else 32", "LIMIT = 1024\n"),
      "64 if n > 1024 else 32 [values 64 32] n@75");
  EXPECT_EQ(heuristic("lambda a: min(max(a['n'], 16), 128)"),
            "min(max(n, 16), 128) n@77");
  EXPECT_EQ(heuristic("lambda a: max(16 if a['E'] else 32, 64)"),
            "max(16 if E else 32, 64) [values 64] E@79");
  EXPECT_EQ(heuristic("lambda a: bool(a['n'] % 2) or triton.cdiv(a['n'], "
                      "a['K']) > 1"),
            "bool(n % 2) or cdiv(n, K) > 1 [bool] n@74 n@101 K@109");
  EXPECT_EQ(heuristic("lambda a: int(0 < a['n'] <= 4) * -(a['K'] - 1)"),
            "(0 < n <= 4) * -(K - 1) n@77 K@94");
}

// A module-level function reads as the expression it returns, its locals
// replaced by what was assigned to them.
TEST(Heuristics, TranslatesFunctions) {
  EXPECT_EQ(heuristic("pick", "def pick(args):\n    'A docstring.'\n"
                              "    n = args['n']\n    m = n * 2\n"
                              "    m = m + 1\n"
                              "    return 64 if m > 8 else 32\n"),
            "64 if n * 2 + 1 > 8 else 32 [values 64 32] n@9");
  EXPECT_EQ(heuristic("pick", "def pick(a):\n    return a['K'] % 2 == 0\n"),
            "K % 2 == 0 [bool] K@12");
}

// if/elif/else chains of a heuristic function become conditional
// expressions; each branch goes on with the statements after the if, and
// sees the assignments made on its own path.
TEST(Heuristics, TranslatesIfChains) {
  EXPECT_EQ(heuristic("pick", "def pick(args):\n"
                              "    if args['n'] >= 4096:\n"
                              "        return 128\n"
                              "    elif args['n'] >= 64:\n"
                              "        return 64\n"
                              "    else:\n"
                              "        return 32\n"),
            "128 if n >= 4096 else 64 if n >= 64 else 32 [values 128 64 32] "
            "n@8 n@10");
  EXPECT_EQ(heuristic("even", "def even(a):\n"
                              "    m = a['n']\n"
                              "    if m % a['BLOCK_K'] == 0:\n"
                              "        if a['K'] > 0:\n"
                              "            return True\n"
                              "    return False\n"),
            "(True if K > 0 else False) if n % BLOCK_K == 0 else False [bool] "
            "n@9 BLOCK_K@12 K@12");
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    b = 16\n"
                              "    if a['n'] > 1024:\n"
                              "        b = 64\n"
                              "        b *= 2\n"
                              "    elif a['E']:\n"
                              "        b += a['K'] // 2\n"
                              "    return b\n"),
            "128 if n > 1024 else 16 + K // 2 if E else 16 n@8 E@10 K@14");
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    \"Docstring.\"\n"
                              "    pass\n"
                              "    if a['n'] < 4:\n"
                              "        return 1\n"
                              "    return 4\n"),
            "1 if n < 4 else 4 [values 1 4] n@8");
}

// `"NAME" in args` is known when compiling; what it decides folds away, and
// the branch it rules out is not read (it may name a missing parameter).
TEST(Heuristics, InArgsIsKnown) {
  EXPECT_EQ(heuristic("lambda a: 'K' in a and a['K'] > 0"),
            "K > 0 [bool] K@82");
  EXPECT_EQ(heuristic("lambda a: 'M' not in a"), "True [bool]");
  EXPECT_EQ(heuristic("lambda a: a['M'] if 'M' in a else 8"), "8 [values 8]");
  EXPECT_EQ(heuristic("lambda a: 'M' in a or a['n'] > 2"), "n > 2 [bool] n@81");
  EXPECT_EQ(heuristic("flat",
                      "def flat(args):\n"
                      "    total = args['M'] if 'M' in args else args['n']\n"
                      "    return max(1, min(256, "
                      "triton.next_power_of_2(total)))\n"),
            "max(1, min(256, next_power_of_2(n))) "
            "[values 1 2 4 8 16 32 64 128 256] n@43");
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    if 'M' in a:\n"
                              "        return a['M']\n"
                              "    return 8\n"),
            "8 [values 8]");
}

// Integer heuristics list their values when the expression bounds them:
// literals of conditional expressions, arithmetic on them, and
// next_power_of_2 under min/max with constants.
TEST(Heuristics, EnumeratesValues) {
  EXPECT_EQ(heuristic("lambda a: min(triton.next_power_of_2(a['n']), 1024)"),
            "min(next_power_of_2(n), 1024) "
            "[values 1 2 4 8 16 32 64 128 256 512 1024] n@96");
  EXPECT_EQ(heuristic("lambda a: max(32, min(triton.next_power_of_2(a['n']), "
                      "128))"),
            "max(32, min(next_power_of_2(n), 128)) [values 32 64 128] n@104");
  EXPECT_EQ(heuristic("lambda a: min(96, triton.next_power_of_2(a['n']))"),
            "min(96, next_power_of_2(n)) [values 1 2 4 8 16 32 64 96] n@100");
  EXPECT_EQ(heuristic("lambda a: triton.next_power_of_2(min(triton.cdiv("
                      "a['n'], 8), 16))"),
            "next_power_of_2(min(cdiv(n, 8), 16)) [values 1 2 4 8 16] n@108");
  EXPECT_EQ(heuristic("lambda a: 2 * (64 if a['E'] else 32)"),
            "2 * (64 if E else 32) [values 128 64] E@80");
  EXPECT_EQ(heuristic("lambda a: triton.next_power_of_2(8 if a['E'] else 3)"),
            "next_power_of_2(8 if E else 3) [values 8 4] E@97");
  // Unbounded above, or any integer in a range: --heuristic-values.
  EXPECT_EQ(heuristic("lambda a: max(triton.next_power_of_2(a['n']), 16)"),
            "max(next_power_of_2(n), 16) n@96");
  EXPECT_EQ(heuristic("lambda a: min(a['n'], 16)"), "min(n, 16) n@73");
}

// Checks of the vendor or device need Python at run time.
TEST(Heuristics, RefusesDeviceQueries) {
  const std::string message =
      "' asks which device or vendor runs the kernel, which only Python "
      "knows at run time; tkc compiles a heuristic into C that reads the "
      "kernel's arguments and constexprs only, so write the heuristic "
      "without this check";
  EXPECT_EQ(heuristic("heur", "import flag_gems\n"
                              "def heur(args):\n"
                              "    if flag_gems.vendor_name in ['metax']:\n"
                              "        return 256\n"
                              "    return 128\n"),
            "test.py:5:8: error: heuristic 'B' (function 'heur'): "
            "'flag_gems.vendor_name" +
                message);
  EXPECT_EQ(heuristic("lambda a: 64 if torch.cuda.get_device_name(0) == "
                      "'H100' else 32",
                      "import torch\n"),
            "test.py:4:75: error: heuristic 'B': 'torch.cuda.get_device_name" +
                message);
  EXPECT_EQ(heuristic("heur", "from flag_gems import runtime\n"
                              "def heur(args):\n"
                              "    v = runtime.device.vendor_name\n"
                              "    return 64 if v == 'nvidia' else 32\n"),
            "test.py:5:9: error: heuristic 'B' (function 'heur'): "
            "'flag_gems.runtime.device.vendor_name" +
                message);
  EXPECT_EQ(heuristic("lambda a: torch.cuda.device_count()"),
            "test.py:3:69: error: heuristic 'B': 'torch.cuda.device_count" +
                message);
}

TEST(Heuristics, RefusesFunctionsOutsideTheLanguage) {
  const std::string tail =
      "; tkc reads a heuristic function made of assignments to names, "
      "if/elif/else and returns of expressions";
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    if a['n'] > 4:\n"
                              "        return 64\n"),
            "test.py:4:5: error: heuristic 'B': function 'pick' can end "
            "without a 'return' here (Python returns None); every path must "
            "return a value");
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    x = a['n']\n"),
            "test.py:4:5: error: heuristic 'B': function 'pick' can end "
            "without a 'return' here (Python returns None); every path must "
            "return a value");
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    b = 1\n"
                              "    for i in range(3):\n"
                              "        b *= 2\n"
                              "    return b\n"),
            "test.py:5:5: error: heuristic 'B': function 'pick' has a 'for' "
            "loop" +
                tail);
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    print(a)\n"
                              "    return 1\n"),
            "test.py:4:5: error: heuristic 'B': function 'pick' has an "
            "expression statement" +
                tail);
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    if a['n']:\n"
                              "        return\n"
                              "    return 1\n"),
            "test.py:5:9: error: heuristic 'B': function 'pick' has a "
            "'return' without a value (None)" +
                tail);
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    x, y = 1, 2\n"
                              "    return x\n"),
            "test.py:4:5: error: heuristic 'B': function 'pick' has an "
            "assignment to something other than one name" +
                tail);
  EXPECT_EQ(heuristic("pick", "def pick(a):\n"
                              "    x += 1\n"
                              "    return x\n")
                .substr(0, 64),
            "test.py:4:5: error: heuristic 'B': the name 'x' is not supported");
  // What the branch Python would not take is not read; the one it takes is.
  EXPECT_EQ(heuristic("lambda a: a['M'] if 'M' not in a else 8"),
            "test.py:3:71: error: heuristic 'B' reads 'M', but 'k' has no "
            "such parameter");
}

TEST(Heuristics, RefusesWhatCIsNotGiven) {
  EXPECT_EQ(
      heuristic("lambda a: a['p'].dtype == 'fp16'"),
      "test.py:3:69: error: heuristic 'B': '.dtype' is not supported; a "
      "heuristic is an integer or boolean expression over the kernel's "
      "arguments (args[\"NAME\"]) and constexprs, with + - * // %, "
      "comparisons, 'is None', '\"NAME\" in args', and/or/not, conditional "
      "expressions, min, max, triton.next_power_of_2, triton.cdiv, bool() "
      "and int(), or a function of assignments, if/elif/else and returns "
      "of such expressions");
  EXPECT_EQ(heuristic("lambda a: pick(a['n'])", "def pick(n):\n    return n\n"),
            "test.py:5:69: error: heuristic 'B': a call of 'pick' is not "
            "supported; a heuristic is an integer or boolean expression over "
            "the kernel's arguments (args[\"NAME\"]) and constexprs, with + - "
            "* // %, comparisons, 'is None', '\"NAME\" in args', and/or/not, "
            "conditional expressions, min, max, triton.next_power_of_2, "
            "triton.cdiv, bool() and int(), or a function of assignments, "
            "if/elif/else and returns of such expressions");
  auto first = [](const std::string &message) {
    return message.substr(0, message.find(" is not supported"));
  };
  EXPECT_EQ(first(heuristic("lambda a: a['n'] / 2")),
            "test.py:3:69: error: heuristic 'B': '/' (it gives a float; use "
            "'//')");
  EXPECT_EQ(first(heuristic("lambda a: a['n'] > 0.5")),
            "test.py:3:78: error: heuristic 'B': a float");
  EXPECT_EQ(first(heuristic("lambda a: a['n'] << 2")),
            "test.py:3:69: error: heuristic 'B': the operator '<<'");
  EXPECT_EQ(first(heuristic("lambda a: a")),
            "test.py:3:69: error: heuristic 'B': 'a' itself (read one "
            "argument, a[\"NAME\"])");
  EXPECT_EQ(first(heuristic("lambda a: a['n'] in (1, 2)")),
            "test.py:3:69: error: heuristic 'B': 'in' other than '\"NAME\" "
            "in a'");
  EXPECT_EQ(first(heuristic("lambda a: a[0]")),
            "test.py:3:69: error: heuristic 'B': a subscript of 'a' that is "
            "not a string");
  EXPECT_EQ(first(heuristic("lambda a: a['n'] is 3")),
            "test.py:3:69: error: heuristic 'B': 'is' other than "
            "args[\"NAME\"] is None");
  EXPECT_EQ(heuristic("lambda a: a['M'] > 0"),
            "test.py:3:71: error: heuristic 'B' reads 'M', but 'k' has no "
            "such parameter");
}

} // namespace
