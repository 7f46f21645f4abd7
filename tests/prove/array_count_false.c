// expect: false
// (what each mode answers: tests/prove/manifest)
// counting the entries of a filled array that pass a test: at most 16
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prove.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
int A[16];
int main(void) {
  for (int k = 0; k < 16; k++) A[k] = __VERIFIER_nondet_int();
  int c = 0;
  for (int i = 0; i < 16; i++) { if (A[i] > 5) c++; }
  __VERIFIER_assert(c <= 15);
  return 0;
}
