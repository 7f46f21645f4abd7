// expect: true
// condition: a constructor writes the global after its initializer and before main (the initial memory)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
unsigned g = 3;
__attribute__((constructor)) void init(void) { ((unsigned char *)&g)[0] = 6; }
int main(void) {
  unsigned char n = __VERIFIER_nondet_uchar();
  unsigned s = 0;
  for (unsigned char i = 0; i < n; i++)
    s += g;
  if (n == 2 && s == 14)
    reach_error();
  return 0;
}
