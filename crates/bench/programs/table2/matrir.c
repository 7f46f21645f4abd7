// MatrIR: scan the upper triangle of an input matrix; the target needs every
// entry there to be negative.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 6
int m[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = __VERIFIER_nondet_int();
  int neg = 0;
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++)
      if (m[i][j] < 0)
        neg++;
  if (neg == N * (N + 1) / 2)
    reach_error();
  return 0;
}
