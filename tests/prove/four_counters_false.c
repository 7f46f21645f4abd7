// expect: false
// (what each mode answers: tests/prove/manifest)
// exactly one of four counters grows per step (by l % 4, l % 3, l % 2): their sum is l, but the false twin forgets v4 in the sum
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, j = 0, k = 0, v4 = 0, l = 0;
  while (l < n) {
    if (l % 4 == 0) i++;
    else if (l % 3 == 0) j++;
    else if (l % 2 == 0) k++;
    else v4++;
    l++;
  }
  __VERIFIER_assert(i + j + k == l);
  return 0;
}
