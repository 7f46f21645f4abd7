// expect: false
// filling an array through a post-incremented pointer, then pointer subtraction
// witness: 4
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[6];
  int *p = a;
  for (int i = 0; i < 6; i++) *p++ = i * i;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 1 && k <= 5);
  int *q = a + k;
  if (*q - *(q - 1) == 7 && p - q == 2) reach_error();
  return 0;
}
