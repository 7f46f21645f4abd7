// expect: true
// strlen over a heap block of input size (an object of symbolic size): the
// string model splits it by its few possible sizes, and the terminator at
// n - 1 always gives n - 1.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern void *malloc(unsigned long);
extern unsigned long strlen(const char *);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n < 1 || n > 8) return 0;
  char *p = malloc(n);
  for (unsigned int i = 0; i + 1 < n; i++) p[i] = 'a';
  p[n - 1] = 0;
  if (strlen(p) != n - 1) reach_error();
  return 0;
}
