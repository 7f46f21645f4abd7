// expect: true
// 2*y+1 is odd for every y, also for negative y
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "unreachable_parity.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int y = __VERIFIER_nondet_int();
  assume_abort_if_not(y >= -1000000 && y <= 1000000);
  int x = 2 * y + 1;
  if (x % 2 == 0) reach_error();
  if ((x & 1) == 0) reach_error();
  if (x == 0) reach_error();
  if (y < 0 && x % 2 != -1) reach_error();
  return 0;
}
