// expect: true
// A recursive linear search over a global array read inside the recursion
// (the shape of the report's linSrchRec): the template's loads read the
// array as it is at the first call. The result is -1 or an index below n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#define N 48
int A[N];
int find(int i, int n, int key) {
  if (i >= n) return -1;
  if (A[i] == key) return i;
  return find(i + 1, n, key);
}
int main(void) {
  for (int k = 0; k < N; k++) A[k] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= n && n <= N);
  int r = find(0, n, key);
  if (r >= n || r < -1) reach_error();
  return 0;
}
