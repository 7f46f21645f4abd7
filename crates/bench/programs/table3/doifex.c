// DOIFex (loop navigation paper, Section 4): DOIF followed by a second loop
// with internal branching over the values computed by the first.
// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
#define N 40
int A[N], B[N];
int main(void) {
  for (int k = 0; k < N; k++) { A[k] = __VERIFIER_nondet_int(); B[k] = __VERIFIER_nondet_int(); }
  int x = 0, y = 0;
  for (int i = 0; i < N; i++) {
    if (A[i] == 1) x += 2;
    else if (A[i] == 2) y += 3;
    else x -= 1;
  }
  int z = 0;
  for (int j = 0; j < N; j++) {
    if (B[j] > 100) z += 5;
    else if (B[j] < -100) z -= 1;
  }
  if (x == 32 && y == 27 && z == x + y + 20) reach_error();
  return 0;
}
