// Table 1 "equal count over nested loops": counts equal pairs between two
// input arrays; the target needs 3 of them.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#define N 5
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }
  int eq = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (a[i] == b[j]) eq++;
  if (eq == 3) reach_error();
  return 0;
}
