/// What a subscription is for.
public enum SubscriptionCategory: String, FinanceEnum {
    case entertainment = "Entertainment"
    case productivity = "Productivity"
    case fitnessHealth = "Fitness & Health"
    case education = "Education"
    case newsMedia = "News & Media"
    case musicAudio = "Music & Audio"
    case cloudStorage = "Cloud Storage"
    case gaming = "Gaming"
    case designCreative = "Design & Creative"
    case development = "Development"
    case finance = "Finance"
    case utilities = "Utilities"
    case other = "Other"
}
