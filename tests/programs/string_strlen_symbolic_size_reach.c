// expect: false
// strlen over a heap block of input size (an object of symbolic size):
// length 5 needs a block of 6 bytes.
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
  if (strlen(p) == 5) reach_error();
  return 0;
}
