// expect: false
// main reads and writes g whole; a helper called in a loop increments byte 1 of it (issue 32, class 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
unsigned g;
void bump(void) { ((unsigned char *)&g)[1]++; }
int main(void) {
  g = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  for (unsigned char i = 0; i < n; i++)
    bump();
  if (g > 255u)
    reach_error();
  return 0;
}
