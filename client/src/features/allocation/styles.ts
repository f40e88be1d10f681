// The allocation screens' styles, in the cascade order they were written in: the screens' common
// parts, the trip cards, then the trip detail, the time chart and the calculator.
import './styles/screens.css';
import './styles/trip-card.css';
import './styles/detail-and-chart.css';
