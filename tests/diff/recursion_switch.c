// diff: recursion with constant depth (plain and mutual) and switch statements with fall-through and negative cases
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern void __kappa_trace(long long v);

static unsigned int upow(unsigned int base, int e) {
  return e == 0 ? 1u : base * upow(base, e - 1);
}

static long long rsum(const int *a, int n) {
  if (n == 0) return 0;
  __kappa_trace(a[0]);
  return a[0] + rsum(a + 1, n - 1);
}

static int pong(int n, int x);
static int ping(int n, int x) {
  if (n == 0) return x;
  __kappa_trace(1000 + n);
  return pong(n - 1, x > 0 ? x - 1 : x + 1);
}
static int pong(int n, int x) {
  if (n == 0) return x;
  __kappa_trace(2000 + n);
  return ping(n - 1, x / 2);
}

int main(void) {
  unsigned int base = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_int();
  int a[4];
  for (int k = 0; k < 4; k++) a[k] = __VERIFIER_nondet_int();
  char ch = __VERIFIER_nondet_char();
  __kappa_trace(upow(base, 5));
  __kappa_trace(upow(base & 15u, 3));
  __kappa_trace(rsum(a, 4));
  __kappa_trace(ping(5, x));
  switch (x & 7) {
  case 0:
    __kappa_trace(10);
  case 1:
    __kappa_trace(11);
    break;
  case 2:
  case 3:
    __kappa_trace(12);
  case 4:
    __kappa_trace(13);
    break;
  default:
    __kappa_trace(14);
  }
  switch (x % 5) {               /* -4..4 */
  case -4: __kappa_trace(20); break;
  case -3: __kappa_trace(21); break;
  case -2:
  case -1: __kappa_trace(22); break;
  case 0: __kappa_trace(23); break;
  default: __kappa_trace(24 + x % 5); break;
  }
  switch (ch) {
  case 'a': case 'e': case 'i': case 'o': case 'u':
    __kappa_trace(30);
    break;
  case -128:
    __kappa_trace(31);
    break;
  case '\0':
    __kappa_trace(32);
  default:
    if (ch < 0) __kappa_trace(33); else __kappa_trace(34);
  }
  switch (base >> 30) {
  case 3u: __kappa_trace(40);
  case 2u: __kappa_trace(41); break;
  case 1u: __kappa_trace(42); break;
  case 0u: __kappa_trace(43); break;
  }
  return 0;
}
