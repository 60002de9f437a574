void fragment(int N, int *a, int *b, int *c, int *d)
{
int i;
{
    {
        for (i=0; i < N; i++)
            c[i] = a[i] + b[i];

        for (i=0; i < N; i++)
            d[i] = a[i] * b[i];
        }    /* end of sections */
        }     /* end of parallel section */
}
