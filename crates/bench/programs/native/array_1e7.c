// 10^7 concrete loop iterations over a global array, then a branch on an input (kappa-bench --native)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[1024];
int main(void) {
  for (int i = 0; i < 10000000; i++)
    a[i & 1023] += i ^ a[(i * 7) & 1023];
  int x = __VERIFIER_nondet_int();
  if (x == a[5]) reach_error();
  return 0;
}
