// expect: unknown
// The search reads one element too many when n = 16 (a[16] is out of
// bounds): the template's UB exit of the load must make this a possible
// failure, never true.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int a[16];
int main(void) {
  for (int k = 0; k < 16; k++) a[k] = __VERIFIER_nondet_int();
  unsigned int n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n <= 16);
  unsigned int i = 0;
  while (i <= n && a[i] != 7) i++;
  return (int)i;
}
