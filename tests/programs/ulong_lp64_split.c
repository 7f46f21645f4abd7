// expect: true
// a 64-bit unsigned long splits into two 32-bit halves and recombines exactly
// data-model: LP64
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "ulong_lp64_split.c", 5, "reach_error"); }
extern unsigned long __VERIFIER_nondet_ulong(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  unsigned int lo = (unsigned int)x;
  unsigned long hi = x >> 32;
  __VERIFIER_assert(((hi << 32) | lo) == x);
  __VERIFIER_assert(sizeof(unsigned long) == 8);
  __VERIFIER_assert(hi <= 4294967295UL);
  __VERIFIER_assert((unsigned int)(x >> 32) == hi);
  return 0;
}
