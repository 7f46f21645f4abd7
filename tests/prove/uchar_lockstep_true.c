// expect: true
// (what each mode answers: tests/prove/manifest)
// an unsigned char and an unsigned move in lockstep modulo 256
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned char c = 0;
  unsigned k = 0;
  while (k < n) { c++; k++; }
  __VERIFIER_assert(c == (unsigned char)k);
  return 0;
}
