// expect: true
// main reads and writes g.w whole; a loop-free helper writes half 0 of it (issue 32, class 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
union { unsigned w; unsigned short h[2]; } g;
void poke(void) { g.h[0] = 1; }
int main(void) {
  g.w = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n; i++) {
    if (g.w == 0)
      g.w = 1;
    else
      g.w = 0;
  }
  if (n == 77)
    poke();
  if (g.w > 1u)
    reach_error();
  return 0;
}
