// expect: true
// goto-based error handling: resources are released on every exit path
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int fail_at = __VERIFIER_nondet_int();
  __VERIFIER_assume(fail_at >= 0 && fail_at <= 2);
  int result = -1;
  int *b = 0;
  int *a = malloc(4 * sizeof(int));
  if (!a) goto out;
  if (fail_at == 1) goto free_a;
  b = malloc(4 * sizeof(int));
  if (!b) goto free_a;
  if (fail_at == 2) goto free_b;
  for (int i = 0; i < 4; i++) {
    a[i] = i;
    b[i] = a[i] * 2;
  }
  result = b[3] + a[1];
free_b:
  free(b);
free_a:
  free(a);
out:
  if (result != -1 && result != 7) reach_error();
  if (fail_at != 0 && result != -1) reach_error();
  return 0;
}
