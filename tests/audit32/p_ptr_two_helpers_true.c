// expect: true
// main reads and writes g whole and passes &g down two helpers; the inner one writes byte 0 (issue 32, class 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
unsigned g;
void inner(unsigned char *p) { p[0] = 1; }
void outer(unsigned *q) { inner((unsigned char *)q); }
int main(void) {
  g = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  if (n == 3)
    outer(&g);
  if (g > 1u)
    reach_error();
  return 0;
}
