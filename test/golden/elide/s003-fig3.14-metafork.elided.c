void function()
{
    for ( int j = 0; j < ny; j++ )
    {
        int i;
        for ( i = 0; i < nx; i++ )
        {
            u[i][j] = unew[i][j];
        }
      }
}
