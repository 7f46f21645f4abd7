// expect: false
// condition: a recursive helper (kept as a call) writes the global read after it; its write must not vanish
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned g;
void rec(unsigned d) {
  if (d)
    rec(d - 1);
  else
    g = 5;
}
int main(void) {
  g = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n; i++)
    if (i == 100)
      rec(2);
  if (g == 5)
    reach_error();
  return 0;
}
