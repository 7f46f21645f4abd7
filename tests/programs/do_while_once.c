// expect: true
// a do-while body runs at least once, even when the condition is false initially
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 5);
  int x0 = x;
  int c = 0;
  do {
    c++;
    x--;
  } while (x > 0);
  if (c == 0) reach_error();
  if (x0 == 0 && (c != 1 || x != -1)) reach_error();
  if (x0 > 0 && (c != x0 || x != 0)) reach_error();
  return 0;
}
