// expect: false
// main reads and writes g whole; it writes byte 1 of g through a pointer a helper returned (issue 32, class 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "audit32.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
unsigned g;
unsigned char *where(void) { return (unsigned char *)&g; }
int main(void) {
  g = 0;
  unsigned char n = __VERIFIER_nondet_uchar();
  if (n == 9) {
    unsigned char *p = where();
    p[1] = 1;
  }
  if (g > 1u)
    reach_error();
  return 0;
}
