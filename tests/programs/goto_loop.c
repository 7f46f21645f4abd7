// expect: false
// loop written with goto: sum of squares below n
// witness: 5
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 8);
  int i = 0, s = 0;
loop:
  if (i >= n) goto done;
  s += i * i;
  i++;
  goto loop;
done:
  if (s == 30) reach_error();
  return 0;
}
