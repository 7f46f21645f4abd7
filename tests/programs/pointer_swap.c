// expect: true
// swapping through int* and through int** (pointer to pointer)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static void swap_ptrs(int **a, int **b) { int *t = *a; *a = *b; *b = t; }

int main(void) {
  int x0 = __VERIFIER_nondet_int();
  int y0 = __VERIFIER_nondet_int();
  int x = x0, y = y0;
  swap(&x, &y);
  if (x != y0 || y != x0) reach_error();
  int *px = &x, *py = &y;
  swap_ptrs(&px, &py);
  if (px != &y || py != &x) reach_error();
  *px = 1;
  *py = 2;
  if (y != 1 || x != 2) reach_error();
  return 0;
}
