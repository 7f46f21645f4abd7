// expect: false
// condition: the bytes of g written in a loop through a global pointer initialized to &g (array rule on an unknown base)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned g;
unsigned char *p = (unsigned char *)&g;
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n && i < 4; i++)
    p[i] = 1;
  if (g == 0x01010101u)
    reach_error();
  return 0;
}
