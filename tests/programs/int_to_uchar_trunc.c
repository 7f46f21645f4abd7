// expect: false
// storing an int into unsigned char keeps only the low 8 bits
// witness: 512
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "int_to_uchar_trunc.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= 0 && x <= 100000);
  unsigned char c = x;
  if (c == 0 && x > 300 && x < 1000) reach_error();
  return 0;
}
