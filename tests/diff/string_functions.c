// diff: <string.h> models against glibc: strlen, strnlen, strcpy, strncpy, strcmp/strncmp/memcmp signs, strchr, memchr offsets
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __kappa_trace(long long v);

static const char alphabet[4] = {0, 'a', 'b', (char)0xe9};

static int sign(int r) { return (r > 0) - (r < 0); }

static long long offset(const void *p, const void *base) {
  return p ? (const char *)p - (const char *)base : -1;
}

int main(void) {
  char a[7], b[7];
  for (int i = 0; i < 6; i++) {
    a[i] = alphabet[(unsigned char)__VERIFIER_nondet_char() & 3];
    b[i] = alphabet[(unsigned char)__VERIFIER_nondet_char() & 3];
  }
  a[6] = 0;
  b[6] = 0;
  unsigned int n = __VERIFIER_nondet_uint() % 8;
  char c = alphabet[__VERIFIER_nondet_uint() & 3];
  __kappa_trace(strlen(a));
  __kappa_trace(strlen(b + 2));
  __kappa_trace(strnlen(a, n));
  __kappa_trace(sign(strcmp(a, b)));
  __kappa_trace(sign(strcmp(b, a)));
  __kappa_trace(sign(strncmp(a, b, n)));
  __kappa_trace(sign(strncmp(a + 1, b + 1, n)));
  __kappa_trace(sign(memcmp(a, b, n % 7)));
  __kappa_trace(offset(strchr(a, c), a));
  __kappa_trace(offset(strchr(b, 'b'), b));
  __kappa_trace(offset(memchr(a, c, n % 7), a));
  __kappa_trace(offset(memchr(b, 0, 7), b));
  char d[8];
  memset(d, '#', sizeof d);
  __kappa_trace(offset(strcpy(d, a), d));
  for (int i = 0; i < 8; i++) __kappa_trace(d[i]);
  memset(d, '#', sizeof d);
  strncpy(d + 1, b, n);
  for (int i = 0; i < 8; i++) __kappa_trace(d[i]);
  return 0;
}
